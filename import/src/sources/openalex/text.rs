//! OpenAlex's text to plain text: titles and names carry the publisher's markup (`<i>`,
//! `<sub>`, `<scp>`, MathML `<mml:…>`, JATS `<jats:…>`, entities such as `&amp;`, now and
//! then escaped twice as `&lt;i&gt;`), and abstracts come as an inverted index. The tags and
//! entities are [`web_text`]'s; the order, the title's period and the abstract are OpenAlex's.

use serde_json::Value;

use crate::web_text;

/// Markup gone, entities decoded, white space collapsed. Entities come first, unlike
/// [`web_text::plain`]: publishers escape tags twice (`&lt;i&gt;`), and those go too.
pub(super) fn plain(s: &str) -> String {
    web_text::collapse(&web_text::tags(&web_text::entities(s)))
}

/// A title: [`plain`], without one trailing period (an ellipsis stays).
pub(super) fn title(s: &str) -> String {
    web_text::without_final_period(plain(s))
}

/// The abstract an inverted index (`{"word": [positions]}`) encodes: each word at each of its
/// positions, in position order, joined by single spaces (missing positions are skipped; a
/// position given twice keeps the word first listed). `None` when it holds no word.
pub(super) fn abstract_text(index: &Value) -> Option<String> {
    let Value::Object(words) = index else {
        return None;
    };
    let mut placed: Vec<(u64, usize, &str)> = Vec::new();
    for (order, (word, positions)) in words.iter().enumerate() {
        let Value::Array(positions) = positions else {
            continue;
        };
        placed.extend(
            positions
                .iter()
                .filter_map(Value::as_u64)
                .map(|p| (p, order, word.as_str())),
        );
    }
    placed.sort_unstable();
    placed.dedup_by_key(|(p, _, _)| *p);
    let text = plain(
        &placed
            .iter()
            .map(|(_, _, w)| *w)
            .collect::<Vec<_>>()
            .join(" "),
    );
    (!text.is_empty()).then_some(text)
}
