//! Names in each language's order: CLDR's collation for the language (Spanish puts `ñ` after
//! `n`, Chinese orders Han names by pinyin before Latin ones, Arabic puts Arabic script first),
//! computed natively when the directory is compiled, with `icu_collator`'s data; the browser
//! only reads the result. A language's order is kept only where its tailoring changes the
//! order of these names, compared with CLDR's root order: otherwise (English and German always,
//! Spanish without `ñ`, Chinese without Han names) the folded order every index has stands
//! ([`SearchIndex::use_name_order`]), and a directory of 100,000 English names carries none.

use super::SearchIndex;

#[cfg(not(target_arch = "wasm32"))]
use crate::model::Dataset;

/// Each site language's rank per researcher, for the languages whose collation orders these
/// names otherwise than the root collation.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn orders(dataset: &Dataset, name_rank: &[u32]) -> Vec<(String, Vec<u32>)> {
    let languages = dataset.config.clone().unwrap_or_default().site_languages();
    let Some(root) = rank_in("und", dataset, name_rank) else {
        return Vec::new();
    };
    (languages.iter())
        .filter_map(|lang| {
            let rank = rank_in(lang.code(), dataset, name_rank)?;
            (rank != root).then(|| (lang.code().to_owned(), rank))
        })
        .collect()
}

/// Each researcher's rank in `locale`'s collation of their names (equal names in the folded
/// order's); `None` when the locale has no collation data.
#[cfg(not(target_arch = "wasm32"))]
fn rank_in(locale: &str, dataset: &Dataset, name_rank: &[u32]) -> Option<Vec<u32>> {
    use icu_collator::Collator;
    use icu_collator::options::CollatorOptions;

    let locale = locale.parse::<icu_locale_core::Locale>().ok()?;
    let collator = Collator::try_new(locale.into(), CollatorOptions::default()).ok()?;
    let rs = &dataset.researchers;
    let mut order: Vec<usize> = (0..rs.len()).collect();
    order.sort_by(|&a, &b| {
        (collator.compare(&rs[a].name, &rs[b].name)).then_with(|| name_rank[a].cmp(&name_rank[b]))
    });
    let mut rank = vec![0u32; order.len()];
    for (r, i) in order.into_iter().enumerate() {
        rank[i] = r as u32;
    }
    Some(rank)
}

impl SearchIndex {
    /// Whether `lang` orders names otherwise than the folded order.
    pub fn has_name_order(&self, lang: &str) -> bool {
        self.orders.iter().any(|(l, _)| l == lang)
    }

    /// Sorts by name in `lang`'s order from now on (the page's language; its own order when
    /// the index has one, else the folded order).
    pub fn use_name_order(&mut self, lang: &str) {
        let own = (self.orders.iter())
            .find(|(l, _)| l == lang)
            .and_then(|(_, rank)| by_rank(rank).map(|by| (rank.clone(), by)));
        (self.sort_rank, self.by_sort) = own.unwrap_or_else(|| {
            let rank: Vec<u32> = self.people.iter().map(|p| p.name_rank).collect();
            let by = by_rank(&rank).unwrap_or_else(|| (0..rank.len() as u32).collect());
            (rank, by)
        });
    }
}

/// The researchers in the order of `rank`; `None` unless it ranks each exactly once (a file's
/// order that is not is not used: every researcher stays listed).
fn by_rank(rank: &[u32]) -> Option<Vec<u32>> {
    let mut by = vec![u32::MAX; rank.len()];
    for (i, &r) in rank.iter().enumerate() {
        let slot = by.get_mut(r as usize)?;
        if *slot != u32::MAX {
            return None;
        }
        *slot = i as u32;
    }
    Some(by)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::model::Dataset;
    use crate::search::{SearchIndex, SearchParams, Sort};

    fn directory(languages: &[&str], names: &[&str]) -> Dataset {
        let researchers: Vec<_> = (names.iter().enumerate())
            .map(|(i, name)| {
                json!({"id": format!("r{i}"), "name": name, "career_stage": "faculty",
                       "summary": "S.", "sources": []})
            })
            .collect();
        serde_json::from_value(json!({
            "schema_version": 1,
            "config": {"languages": languages},
            "researchers": researchers,
        }))
        .unwrap()
    }

    fn by_name(index: &SearchIndex, d: &Dataset) -> Vec<String> {
        let params = SearchParams {
            sort: Some(Sort::Name),
            ..SearchParams::default()
        };
        (index.search(&params).hits.iter())
            .map(|h| d.researchers[h.researcher].name.clone())
            .collect()
    }

    #[test]
    fn each_language_sorts_names_by_its_collation() {
        let names = [
            "Ñandú Pérez",
            "Nzinga Obi",
            "Nunez Ana",
            "Ocampo Luis",
            "王小明",
            "李华",
            "张伟",
            "Ängström Eva",
        ];
        let d = directory(&["en", "es", "zh", "de"], &names);
        let mut index = SearchIndex::new(&d);
        // English and German: the folded order (ä as a, ñ as n).
        assert!(!index.has_name_order("de"));
        let english = by_name(&index, &d);
        assert_eq!(
            &english[..5],
            [
                "Ängström Eva",
                "Ñandú Pérez",
                "Nunez Ana",
                "Nzinga Obi",
                "Ocampo Luis"
            ]
        );
        // Spanish: ñ is a letter after n.
        index.use_name_order("es");
        let spanish = by_name(&index, &d);
        assert_eq!(
            &spanish[..5],
            [
                "Ängström Eva",
                "Nunez Ana",
                "Nzinga Obi",
                "Ñandú Pérez",
                "Ocampo Luis"
            ]
        );
        // Chinese: Han names first, by pinyin (Li, Wang, Zhang).
        index.use_name_order("zh");
        assert_eq!(&by_name(&index, &d)[..3], ["李华", "王小明", "张伟"]);
        // Back to the folded order.
        index.use_name_order("de");
        assert_eq!(by_name(&index, &d), english);
        // The order travels in the compiled file.
        let bytes = postcard::to_allocvec(&index).unwrap();
        let mut back: SearchIndex = postcard::from_bytes(&bytes).unwrap();
        back.after_decode();
        back.use_name_order("es");
        assert_eq!(by_name(&back, &d), spanish);
    }

    #[test]
    fn only_a_tailored_order_is_kept() {
        // Names the root collation orders otherwise than folding (case and punctuation), in
        // languages without tailoring for them: no order is stored.
        let names = [
            "de Vries", "De Vries", "O'Brien", "Obrien", "van Dam", "Van-Dam",
        ];
        let d = directory(&["en", "de", "es", "zh", "ar"], &names);
        let index = SearchIndex::new(&d);
        for lang in ["en", "de", "es", "zh", "ar"] {
            assert!(!index.has_name_order(lang), "{lang}");
        }
    }

    #[test]
    fn an_order_that_does_not_rank_everyone_once_is_not_used() {
        let d = directory(&["en", "es"], &["Ñu", "Nz", "Oa"]);
        let mut index = SearchIndex::new(&d);
        let folded = by_name(&index, &d);
        index.orders[0].1 = vec![0, 0, 1];
        index.use_name_order("es");
        assert_eq!(by_name(&index, &d), folded, "everyone is still listed");
    }
}
