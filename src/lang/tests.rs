use super::*;

#[test]
fn plural_forms_follow_each_language_s_rules() {
    use Form::*;
    for (lang, n, want) in [
        (Lang::En, 0, Other),
        (Lang::En, 1, One),
        (Lang::En, 2, Other),
        (Lang::De, 1, One),
        (Lang::Zh, 1, Other),
        (Lang::Es, 1, One),
        (Lang::Es, 1_000_000, Many),
        (Lang::Es, 1_000_001, Other),
        (Lang::Ar, 0, Zero),
        (Lang::Ar, 1, One),
        (Lang::Ar, 2, Two),
        (Lang::Ar, 3, Few),
        (Lang::Ar, 10, Few),
        (Lang::Ar, 11, Many),
        (Lang::Ar, 99, Many),
        (Lang::Ar, 100, Other),
        (Lang::Ar, 102, Other),
        (Lang::Ar, 103, Few),
        (Lang::Ar, 111, Many),
    ] {
        assert_eq!(lang.plural(n), want, "{lang:?} {n}");
    }
}

#[test]
fn numbers_are_grouped_and_written_in_each_language_s_digits() {
    for (lang, n, want) in [
        (Lang::En, 1234, "1,234"),
        (Lang::En, 999, "999"),
        (Lang::En, 1_234_567, "1,234,567"),
        (Lang::De, 12345, "12.345"),
        (Lang::Es, 1234, "1234"),
        (Lang::Es, 12345, "12.345"),
        (Lang::Zh, 100_000, "100,000"),
        (Lang::Ar, 12345, "١٢٬٣٤٥"),
        (Lang::Ar, 0, "٠"),
    ] {
        assert_eq!(lang.number(n), want, "{lang:?} {n}");
    }
    assert_eq!(Lang::De.decimal(0.834, 2), "0,83");
    assert_eq!(Lang::Ar.decimal(0.5, 1), "٠٫٥");
    assert_eq!(Lang::Ar.years(2019, 2023), "٢٠١٩–٢٠٢٣");
    assert_eq!(Lang::En.years(2023, 2023), "2023");
}

#[test]
fn lists_read_as_each_language_joins_them() {
    let abc = ["a", "b", "c"];
    assert_eq!(Lang::En.list(&abc), "a, b, and c");
    assert_eq!(Lang::En.list(&abc[..2]), "a and b");
    assert_eq!(Lang::De.list(&abc), "a, b und c");
    assert_eq!(Lang::Es.list(&abc), "a, b y c");
    assert_eq!(Lang::Zh.list(&abc), "a、b和c");
    assert_eq!(Lang::Ar.list(&abc), "a وb وc");
    assert_eq!(Lang::En.list(&[]), "");
}

#[test]
fn placeholders_are_filled_and_unknown_ones_kept() {
    assert_eq!(fill("{a} of {b}", &[("a", "1"), ("b", "2")]), "1 of 2");
    assert_eq!(fill("{a} {x} {", &[("a", "1")]), "1 {x} {");
}

#[test]
fn browser_tags_find_the_site_s_languages() {
    assert_eq!(Lang::from_tag("de-AT"), Some(Lang::De));
    assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("zh-Hans-TW"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("zh-TW"), None);
    assert_eq!(Lang::from_tag("ES"), Some(Lang::Es));
    assert_eq!(Lang::from_tag("fr"), None);
    assert_eq!(Lang::from_code("DE"), None);
}

#[test]
fn every_catalogue_is_its_language_s() {
    for lang in Lang::ALL {
        assert_eq!(lang.text().lang, lang);
    }
}

#[test]
fn a_count_picks_its_form_and_writes_its_number() {
    let p = Plural {
        lang: Lang::Ar,
        forms: ["لا شيء", "واحد", "اثنان", "{n} قليل", "{n} كثير", "{n} آخر"],
    };
    assert_eq!(p.count(0), "لا شيء");
    assert_eq!(p.count(5), "٥ قليل");
    assert_eq!(p.count(100), "١٠٠ آخر");
    let en = Plural {
        lang: Lang::En,
        forms: ["", "{n} paper by {who}", "", "", "", "{n} papers by {who}"],
    };
    assert_eq!(en.count_with(1, &[("who", "Ada")]), "1 paper by Ada");
    assert_eq!(
        en.count_with(1200, &[("who", "Ada")]),
        "1,200 papers by Ada"
    );
}

#[test]
fn a_catalogue_file_reads_back_as_the_same_catalogue() {
    for lang in Lang::ALL {
        let file = file_text(lang);
        let texts: Vec<&'static str> = Box::leak(file.clone().into_boxed_str())
            .strip_suffix('\0')
            .unwrap()
            .split('\0')
            .collect();
        let back = Catalogue::from_texts(lang, texts.leak()).unwrap();
        assert_eq!(back.texts(), lang.text().texts(), "{lang:?}");
        assert_eq!(install(lang, file), Ok(()));
    }
    assert_eq!(
        install(Lang::De, "a\0b\0".into()),
        Err(InstallError::Texts {
            found: 2,
            want: Catalogue::LEN
        })
    );
}
