use super::*;

#[test]
fn keys_are_file_safe() {
    for (word, key) in [
        ("learning", "le"),
        ("a", "a"),
        ("2023", "20"),
        ("über", "_fc_b"),
        ("数据", "_6570__636e_"),
    ] {
        assert_eq!(key_of(word, 2), key, "{word}");
    }
    assert_eq!(shard_key("learning"), "l");
    assert_eq!(shard_key("über"), "_fc_");
}

fn known(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| (*k).to_owned()).collect()
}

/// The keys of [`shards_for_word`]'s answer.
fn for_word(word: &str, prefix: bool, keys: &[String]) -> Vec<String> {
    (shards_for_word(word, prefix, keys).into_iter())
        .map(|i| keys[i].clone())
        .collect()
}

#[test]
fn a_query_needs_one_shard_per_word_but_not_for_a_one_letter_prefix() {
    let k = known(&["a", "le", "sk"]);
    assert_eq!(shards_for_query("Learning sky", &k), vec!["le", "sk"]);
    assert_eq!(shards_for_query("learning s", &k), vec!["le"]);
    assert_eq!(shards_for_query("s", &k), Vec::<String>::new());
    assert_eq!(shards_for_query("a learning", &k), vec!["a", "le"]);
    assert_eq!(shards_for_query("", &k), Vec::<String>::new());
    assert_eq!(shards_for_query("zebra", &k), Vec::<String>::new());
}

#[test]
fn a_split_shard_is_found_by_its_longest_key_and_a_prefix_reaches_every_part() {
    // "co" was split into "co" (the words not in a longer shard), "com" and "con", and "con"
    // again into "con" and "cons".
    let k = known(&["co", "com", "con", "cons", "le"]);
    assert_eq!(for_word("co", false, &k), ["co"]);
    assert_eq!(for_word("co", true, &k), ["co", "com", "con", "cons"]);
    assert_eq!(for_word("cool", false, &k), ["co"]);
    assert_eq!(for_word("consistent", false, &k), ["cons"]);
    assert_eq!(for_word("con", true, &k), ["con", "cons"]);
    assert_eq!(for_word("contract", true, &k), ["con"]);
    assert_eq!(for_word("cons", true, &k), ["cons"]);
    // Without a "ze" shard, nothing holds a "ze" word.
    assert!(for_word("zebra", true, &k).is_empty());
    // Keys of non-ASCII characters are prefixes of each other exactly when the words are.
    let k = known(&["_fc_b", "_fc_be"]);
    assert_eq!(for_word("übe", true, &k), ["_fc_be"]);
    assert_eq!(for_word("üb", true, &k), ["_fc_b", "_fc_be"]);
}

#[test]
fn large_groups_are_split_until_each_shard_fits_and_every_word_is_found() {
    // A researcher per title: "co…" words are most of the text.
    let words = [
        "cost",
        "code",
        "compute",
        "compiler",
        "consensus",
        "container",
        "cool",
        "co",
        "lean",
        "learning",
    ];
    let titles: Vec<String> = (0..400)
        .map(|i| {
            format!(
                "{} {} study {i}",
                words[i % words.len()],
                words[(i / 7) % words.len()]
            )
        })
        .collect();
    let titles: Vec<Vec<&str>> = titles.iter().map(|t| vec![t.as_str()]).collect();
    let whole = build_shards_within(&titles, usize::MAX);
    let split = build_shards_within(&titles, 2_000);
    assert!(split.len() > whole.len(), "{:?}", split.keys());
    assert!(split.keys().any(|k| k.len() > 1), "{:?}", split.keys());
    assert!(split.keys().any(|k| k.contains('~')), "{:?}", split.keys());
    for (key, shard) in &split {
        // Within the budget, but for the one title that may end a part.
        let bytes = shard.to_bytes().len();
        assert!(
            bytes <= 2_000 + 100,
            "{key}: {bytes} bytes, {:?}",
            shard.words
        );
    }
    // Every word is in the shards its lookup names, with the same postings as unsplit.
    let shards = TitleShards {
        known: Some(split.keys().cloned().collect()),
        loaded: split
            .into_iter()
            .map(|(k, s)| (k, std::sync::Arc::new(s)))
            .collect(),
    };
    for shard in whole.values() {
        for (w, word) in shard.words.iter().enumerate() {
            let mut persons: Vec<u32> = (shards.for_word(word, false).into_iter())
                .flat_map(|s| {
                    let (lo, hi, exact) = s.range(word, false);
                    assert_eq!((hi - lo, exact.is_some()), (1, true), "{word}");
                    s.postings(lo, hi)
                        .iter()
                        .map(|p| p.person)
                        .collect::<Vec<_>>()
                })
                .collect();
            persons.sort_unstable();
            let want: Vec<u32> = shard
                .postings(w as u32, w as u32 + 1)
                .iter()
                .map(|p| p.person)
                .collect();
            assert_eq!(persons, want, "{word}");
        }
    }
    // A prefix reaches every word that starts with it, across the parts.
    let mut co: Vec<String> = (shards.for_word("co", true).iter())
        .flat_map(|s| {
            let (lo, hi, _) = s.range("co", true);
            s.words[lo as usize..hi as usize].to_vec()
        })
        .collect();
    co.sort();
    // (A word split by researcher is in each of its parts.)
    co.dedup();
    let mut want: Vec<String> = (whole["c"].words.iter())
        .filter(|w| w.starts_with("co"))
        .cloned()
        .collect();
    want.sort();
    assert_eq!(co, want);
}

#[test]
fn rare_beginnings_share_the_shard_of_their_group_and_only_big_parts_get_their_own() {
    // Many "co…" words, fewer "ca…" and "cu…" ones: "c" is over the budget, "co" alone is
    // not, and the rare beginnings stay in "c" rather than making a file each.
    let mut titles: Vec<String> = (0..300).map(|i| format!("compute{i} dense{i}")).collect();
    titles.extend((0..75).map(|i| format!("cable{i}")));
    titles.extend((0..75).map(|i| format!("cubes{i}")));
    let titles: Vec<Vec<&str>> = titles.iter().map(|t| vec![t.as_str()]).collect();
    let whole = build_shards_within(&titles, usize::MAX);
    let budget = whole["c"].to_bytes().len() * 9 / 10;
    let split = build_shards_within(&titles, budget);
    let keys: Vec<&str> = split.keys().map(String::as_str).collect();
    assert_eq!(keys, ["c", "co", "d"], "{budget}");
    assert_eq!(split["c"].words.len(), 150);
    assert!(
        split["c"]
            .words
            .iter()
            .all(|w| w.starts_with("ca") || w.starts_with("cu"))
    );
    let k: Vec<String> = split.keys().cloned().collect();
    assert_eq!(for_word("cable3", false, &k), ["c"]);
    assert_eq!(for_word("compute1", false, &k), ["co"]);
    assert_eq!(for_word("c", true, &k), ["c", "co"]);
}

#[test]
fn shards_group_words_and_keep_one_title_per_researcher() {
    let titles = vec![
        vec!["Learning to schedule", "Scheduling learned indexes"],
        vec!["Lean systems"],
        vec![],
    ];
    let shards = build_shards(&titles);
    let keys: Vec<&str> = shards.keys().map(String::as_str).collect();
    assert_eq!(keys, ["i", "l", "s", "t"]);
    let le = &shards["l"];
    assert_eq!(le.words, ["lean", "learned", "learning"]);
    let (lo, hi, exact) = le.range("lea", true);
    assert_eq!((lo, hi, exact), (0, 3, None));
    let (lo, hi, exact) = le.range("learning", false);
    assert_eq!((lo, hi, exact), (2, 3, Some(2)));
    assert_eq!(le.range("lx", true).0, le.range("lx", true).1);
    let hit = le.posting_of(2, 0).unwrap();
    assert_eq!(le.titles[hit.title as usize], "Learning to schedule");
    assert_eq!(hit.rank, 0);
    assert_eq!(le.posting_of(2, 1), None);
    let sc = &shards["s"];
    // Researcher 0 has "schedule" and "scheduling" in different titles.
    let w = sc.range("scheduling", false).0;
    let hit = sc.posting_of(w, 0).unwrap();
    assert_eq!(sc.titles[hit.title as usize], "Scheduling learned indexes");
    assert_eq!(hit.rank, 1);
    assert_eq!(TitleShard::from_bytes(&le.to_bytes()).unwrap(), *le);
}

#[test]
fn missing_shards_are_those_known_and_not_loaded() {
    let mut s = TitleShards {
        known: Some(vec!["le".to_owned(), "sk".to_owned()]),
        ..Default::default()
    };
    assert_eq!(s.missing("learning sky zebra"), vec!["le", "sk"]);
    s.loaded
        .insert("le".into(), std::sync::Arc::new(TitleShard::default()));
    assert_eq!(s.missing("learning sky"), vec!["sk"]);
    assert!(TitleShards::default().missing("learning").is_empty());
}
