//! The organizations file (`data/organizations.bin`): [`MAGIC`], [`ORGS_FORMAT`], then postcard;
//! decoding refuses
//! other format versions and numbers that point outside the file.

use super::Header;
use crate::Error;
use crate::search::organizations::{NO_VENUE, OrgTable};

/// Version of the organizations file's format. 3: the names in the site's other languages.
pub const ORGS_FORMAT: u32 = 3;

/// The first bytes of the organizations file.
pub const MAGIC: &[u8] = b"ATLAS-ORGS\x00";

impl OrgTable {
    /// Encodes the table: [`MAGIC`], [`ORGS_FORMAT`], then postcard.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_extend(&(ORGS_FORMAT, self), MAGIC.to_vec())
            .expect("an organizations table always encodes")
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else (a host's HTML
    /// page), other format versions, and numbers that point outside the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let header = Header {
            magic: MAGIC,
            version: ORGS_FORMAT,
            name: "an organizations file",
            missing: "an organizations file (it does not start with the Research Atlas organizations header)",
            kind: "organizations",
        };
        let body = header.open(bytes)?;
        let mut table: Self = postcard::from_bytes(body).map_err(Error::decoding(header.name))?;
        table.check()?;
        table.derive();
        Ok(table)
    }

    /// Checks that every column has one entry per paper and every number points inside the file.
    fn check(&self) -> Result<(), Error> {
        let p = &self.papers;
        let n = p.year.len();
        if p.venue.len() != n || p.topic_count.len() != n || p.credit_count.len() != n {
            return Err(Error::Columns {
                file: FILE,
                rows: n,
            });
        }
        if p.year.windows(2).any(|w| w[0] > w[1]) {
            return Err(Error::Broken(
                "broken organizations file: papers out of year order",
            ));
        }
        let topics: usize = p.topic_count.iter().map(|&c| usize::from(c)).sum();
        let credits: usize = p.credit_count.iter().map(|&c| usize::from(c)).sum();
        if topics != p.topics.len() || credits != p.org.len() || credits != p.share.len() {
            return Err(Error::Broken(
                "broken organizations file: paper topics or credits do not add up",
            ));
        }
        let venues = self.venues.len();
        inside(
            p.venue.iter().copied().filter(|&v| v != NO_VENUE),
            venues,
            "venue",
        )?;
        inside(p.topics.iter().copied(), self.topics.len(), "topic")?;
        inside(p.org.iter().copied(), self.orgs.len(), "organization")?;
        for o in &self.orgs {
            inside(o.topics.iter().copied(), self.topics.len(), "topic")?;
            inside(o.top_topics.iter().map(|t| t.0), self.topics.len(), "topic")?;
            inside(o.top_venues.iter().map(|t| t.0), venues, "venue")?;
            inside(
                o.members.iter().map(|m| m.person),
                self.people.len(),
                "person",
            )?;
            for m in &o.members {
                inside(m.roles.iter().copied(), self.roles.len(), "role")?;
            }
        }
        for person in &self.people {
            inside(person.current, self.orgs.len(), "organization")?;
        }
        Ok(())
    }
}

/// The file, as its errors name it.
const FILE: &str = "organizations file";

/// An error naming the first of `values` that is not below `len`.
fn inside(
    values: impl IntoIterator<Item = u32>,
    len: usize,
    what: &'static str,
) -> Result<(), Error> {
    match values.into_iter().find(|&v| v as usize >= len) {
        Some(value) => Err(Error::OutOfRange {
            file: FILE,
            what,
            value,
            len,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::OrgParams;

    #[test]
    fn the_file_round_trips_and_refuses_what_it_cannot_read() {
        let dir = crate::model::bundled::loaded();
        let t = OrgTable::build(&dir.dataset);
        let back = OrgTable::from_bytes(&t.to_bytes()).unwrap();
        assert_eq!(back.orgs, t.orgs);
        assert_eq!(back.papers, t.papers);
        assert_eq!(
            back.rank(&OrgParams::default()),
            t.rank(&OrgParams::default())
        );
        let other = postcard::to_extend(&(ORGS_FORMAT + 1, &t), MAGIC.to_vec()).unwrap();
        let err = OrgTable::from_bytes(&other).unwrap_err().to_string();
        assert!(
            err.contains(&format!("format {}", ORGS_FORMAT + 1)),
            "{err}"
        );
        assert!(OrgTable::from_bytes(b"<!doctype html>").is_err());
        let mut broken = t.clone();
        broken.papers.org[0] = 99;
        let err = OrgTable::from_bytes(&broken.to_bytes())
            .unwrap_err()
            .to_string();
        assert!(err.contains("organization 99"), "{err}");
    }
}
