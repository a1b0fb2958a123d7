//! The network file (`data/network.bin`): [`MAGIC`], then postcard; decoding refuses other
//! format versions and numbers that point outside the file.

use super::build::short_title;
use super::{MAGIC, NETWORK_FORMAT, Network};

impl Network {
    /// Encodes the network: [`MAGIC`], then postcard.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(self).expect("a network always encodes"));
        bytes
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else, other format
    /// versions, and numbers that point outside the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes.strip_prefix(MAGIC).ok_or(
            "not a network file (it does not start with the Research Atlas network header)",
        )?;
        // The version comes first, so a file of another version is named as such.
        let (format, _): (u32, _) =
            postcard::take_from_bytes(body).map_err(|e| format!("not a network file: {e}"))?;
        if format != NETWORK_FORMAT {
            return Err(format!(
                "network format {format}, this app reads {NETWORK_FORMAT}: rebuild the data (cargo xtask build-data)"
            ));
        }
        let mut network: Self =
            postcard::from_bytes(body).map_err(|e| format!("not a network file: {e}"))?;
        for p in &mut network.papers {
            p.short_title = short_title(&p.title);
        }
        network
            .check()
            .map_err(|e| format!("broken network file: {e}"))?;
        Ok(network)
    }

    /// Checks that every number in the file points inside it and edges are in order.
    fn check(&self) -> Result<(), String> {
        let n = self.people.len() as u32;
        if self.names.len() != self.people.len() {
            return Err(format!(
                "{} people but {} names",
                self.people.len(),
                self.names.len()
            ));
        }
        let person = |p: u32, what: &str| {
            if p < n {
                Ok(())
            } else {
                Err(format!("{what} names person {p} of {n}"))
            }
        };
        for (i, e) in self.coauthors.iter().enumerate() {
            person(e.b, "a co-author edge")?;
            if e.a >= e.b {
                return Err(format!("co-author edge {i} is not a < b"));
            }
            if i > 0 && (self.coauthors[i - 1].a, self.coauthors[i - 1].b) >= (e.a, e.b) {
                return Err(format!("co-author edge {i} is out of order"));
            }
            if let Some(&p) = e.papers.iter().find(|&&p| p as usize >= self.papers.len()) {
                return Err(format!("co-author edge {i} names paper {p}"));
            }
        }
        for g in &self.groups {
            for m in &g.members {
                person(m.person, "a group")?;
            }
            if let Some(a) = g.advisor {
                person(a, "an advisor group")?;
            }
        }
        for e in &self.advised {
            person(e.advisor, "an advising edge")?;
            person(e.student, "an advising edge")?;
        }
        Ok(())
    }
}
