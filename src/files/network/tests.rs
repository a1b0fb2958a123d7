//! The network in parts: a network assembled from the records a question needs answers it as
//! the whole network does, and fetches only those records.

use super::{NetIndex, NetParts, PartFile, PartRequest, check_parts};
use crate::search::network::Missing;
use crate::search::network::tests::bundled;

#[test]
fn the_bundled_network_answers_from_its_parts() {
    let whole = bundled();
    let n = whole.people.len() as u32;
    let everyone: Vec<u32> = (0..n).collect();
    let pairs: Vec<(u32, u32)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
    check_parts(&whole, &everyone, &pairs).unwrap();
}

#[test]
fn records_close_together_come_in_one_request_and_a_whole_file_answer_is_cut() {
    let whole = bundled();
    let files = whole.to_parts();
    let parts = NetParts::new(NetIndex::from_bytes(&files.index).unwrap());
    let missing = Missing {
        people: vec![0, 1, 2],
        groups: vec![],
    };
    let requests = parts.requests(&missing);
    assert_eq!(requests.len(), 1, "{requests:?}");
    let r: &PartRequest = &requests[0];
    assert_eq!(r.file, PartFile::People);
    assert_eq!(r.records.len(), 3);
    assert!(r.header().starts_with("bytes=9-"));
    // A host that ignores Range answers with the whole file; the range is cut out of it.
    let cut = r.slice(&files.people).unwrap();
    assert_eq!(cut.len() as u64, r.range.end - r.range.start);
    assert_eq!(r.slice(cut).unwrap(), cut);
    assert!(r.slice(&files.people[..5]).is_err());
}

#[test]
fn broken_parts_are_refused() {
    let whole = bundled();
    let files = whole.to_parts();
    assert!(NetIndex::from_bytes(b"<!doctype html>").is_err());
    let mut other = files.index.clone();
    other[super::INDEX_MAGIC.len()] = 9;
    assert!(
        NetIndex::from_bytes(&other)
            .unwrap_err()
            .to_string()
            .contains("network format 9")
    );
    let mut parts = NetParts::new(NetIndex::from_bytes(&files.index).unwrap());
    let missing = Missing {
        people: vec![0],
        groups: vec![],
    };
    let r = parts.requests(&missing).remove(0);
    let garbage = vec![0xff; (r.range.end - r.range.start) as usize];
    assert!(parts.add(&r, &garbage).is_err());
    assert_eq!(parts.people_loaded(), 0);
    // The opening view's file: an HTML page or a cut one is refused, the whole one is taken.
    assert!(parts.wants_start());
    assert!(parts.add_start(b"<!doctype html>").is_err());
    assert!(
        parts
            .add_start(&files.start[..files.start.len() - 1])
            .is_err()
    );
    parts.add_start(&files.start).unwrap();
    assert!(!parts.wants_start());
    assert_eq!(
        parts.people_loaded(),
        whole.people.len(),
        "all five are drawn"
    );
}

#[test]
fn a_network_too_big_to_draw_whole_answers_from_its_parts() {
    let whole = crate::search::network::tests::drawing::crowd();
    let n = whole.people.len() as u32;
    let everyone: Vec<u32> = (0..n).collect();
    let pairs: Vec<(u32, u32)> = (0..n)
        .step_by(7)
        .flat_map(|a| (0..n).step_by(11).map(move |b| (a, b)))
        .collect();
    let (drawing, _) = check_parts(&whole, &everyone, &pairs).unwrap();
    assert!(
        drawing < n as usize,
        "a drawing fetched {drawing} of {n} records"
    );
}
