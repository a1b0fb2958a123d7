//! The XML layer: quick-xml's event reader turns the document into its records, each a flat
//! list of fields with their attributes and text (inline markup such as `<i>` or `<sub>`
//! flattened into the text, references resolved), or says where and why the document is not
//! XML or not a `<dblpperson>`.
//!
//! Only the shape of a person record is kept: the root's attributes, the root's first
//! `<person>`, the other persons of the same name (each `<person>` inside `<homonyms>`, which
//! dblp wraps in `<h f="…">`), and the records inside each `<r>`; everything else
//! (`<coauthors>`) is passed over. Nothing here recurses, so nesting depth cannot exhaust the
//! stack.

use quick_xml::Reader;
use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesStart, Event};

use super::entities::Entities;
use crate::Error;

/// An element's attributes, values resolved, in document order.
pub(super) type Attrs = Vec<(String, String)>;

/// A `<dblpperson>` document as elements: the root's attributes, its person, its records.
#[derive(Debug, Default)]
pub(super) struct RawDoc {
    /// `name`, `pid`, `n`.
    pub(super) attrs: Attrs,
    /// The root's first `<person>` (a homonym's person inside `<homonyms>` is not it).
    pub(super) person: Option<RawRecord>,
    /// Each `<person>` inside `<homonyms>`, in order: the other persons of the same name.
    pub(super) homonyms: Vec<RawRecord>,
    /// Each `<r>`, in order, with the records it holds (one, in dblp's pages).
    pub(super) r: Vec<Vec<RawRecord>>,
}

/// A record element (`<article>`, `<person>` …) and its child fields.
#[derive(Debug, Default)]
pub(super) struct RawRecord {
    /// The element's name.
    pub(super) name: String,
    /// Its attributes (`key`, `mdate`, `publtype`).
    pub(super) attrs: Attrs,
    /// Its child elements, in order.
    pub(super) fields: Vec<RawField>,
    /// References no declaration names, kept as written (`&foo;`) in the fields' text.
    pub(super) unknown_entities: Vec<String>,
}

/// A field (`<author pid="…">Name</author>`): name, attributes, and all the text inside.
#[derive(Debug, Default)]
pub(super) struct RawField {
    /// The element's name.
    pub(super) name: String,
    /// Its attributes.
    pub(super) attrs: Attrs,
    /// Its text with inline markup's text included, as written (not trimmed).
    pub(super) text: String,
}

/// The value of an attribute.
pub(super) fn attr<'a>(attrs: &'a Attrs, name: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Where an open element sits in a person record.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Slot {
    Root,
    Person,
    /// `<homonyms>`, and the `<h>` around each of its persons.
    Homonyms,
    /// A `<person>` inside `<homonyms>`.
    Homonym,
    R,
    Record,
    Field,
    /// Markup inside a field (`<i>` in a title): its text is the field's.
    Inline,
    /// Anything else (`<coauthors>`, unknown elements), passed over.
    Ignored,
}

/// Reads the document's elements, or says where it is not a well-formed `<dblpperson>`.
pub(super) fn parse(xml: &str) -> Result<RawDoc, Error> {
    let mut reader = Reader::from_str(xml);
    let mut b = Builder {
        xml,
        ..Builder::default()
    };
    loop {
        let at = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            Error::document(format!(
                "{}: {e}",
                position(xml, reader.error_position() as usize)
            ))
        })?;
        match event {
            Event::Start(start) => b.open(&start, false, at)?,
            Event::Empty(start) => b.open(&start, true, at)?,
            // quick-xml checks that the name matches the open element's.
            Event::End(_) => {
                if let Some((_, slot)) = b.stack.pop() {
                    b.close(slot);
                }
            }
            Event::Text(text) => b.text(&text.replace("\r\n", "\n"), at)?,
            Event::CData(data) => b.text(&data, at)?,
            Event::GeneralRef(name) => b.reference(&name, at)?,
            Event::DocType(doctype) => b.entities.declare_from_doctype(&doctype),
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) => {}
            Event::Eof => break,
        }
    }
    if let Some((name, _)) = b.stack.last() {
        return Err(Error::document(format!(
            "{}: the document ends inside <{name}>",
            position(xml, xml.len())
        )));
    }
    if !b.seen_root {
        return Err(Error::document("no root element: not a dblp person record"));
    }
    Ok(b.doc)
}

/// The reader's state: what is open, and the record and field being filled.
#[derive(Default)]
struct Builder<'x> {
    xml: &'x str,
    entities: Entities,
    doc: RawDoc,
    /// Open elements with their slots; empty before and after the root.
    stack: Vec<(String, Slot)>,
    seen_root: bool,
    record: Option<RawRecord>,
    field: Option<RawField>,
}

impl Builder<'_> {
    /// An element opens (`empty`: and closes, `<x/>`) at byte `at`.
    fn open(&mut self, start: &BytesStart<'_>, empty: bool, at: usize) -> Result<(), Error> {
        let name = start.name().as_ref().to_owned();
        let Some(&(_, parent)) = self.stack.last() else {
            if self.seen_root {
                return Err(Error::document(format!(
                    "{}: a second root element <{name}> after </dblpperson>",
                    position(self.xml, at)
                )));
            }
            if name != "dblpperson" {
                return Err(Error::document(format!(
                    "{}: the root element is <{name}>, not <dblpperson>: not a dblp person record",
                    position(self.xml, at)
                )));
            }
            self.seen_root = true;
            self.doc.attrs = attributes(start, &self.entities, self.xml, at)?.0;
            if !empty {
                self.stack.push((name, Slot::Root));
            }
            return Ok(());
        };
        let slot = match parent {
            Slot::Root if name == "person" && self.doc.person.is_none() => Slot::Person,
            Slot::Root if name == "r" => Slot::R,
            Slot::Root if name == "homonyms" => Slot::Homonyms,
            Slot::Homonyms if name == "person" => Slot::Homonym,
            Slot::Homonyms => Slot::Homonyms,
            Slot::R => Slot::Record,
            Slot::Person | Slot::Homonym | Slot::Record => Slot::Field,
            Slot::Field | Slot::Inline => Slot::Inline,
            Slot::Root | Slot::Ignored => Slot::Ignored,
        };
        match slot {
            Slot::Person | Slot::Homonym | Slot::Record => {
                let (attrs, unknown_entities) = attributes(start, &self.entities, self.xml, at)?;
                self.record = Some(RawRecord {
                    name: name.clone(),
                    attrs,
                    fields: Vec::new(),
                    unknown_entities,
                });
            }
            Slot::R => self.doc.r.push(Vec::new()),
            Slot::Field => {
                let (attrs, unknown) = attributes(start, &self.entities, self.xml, at)?;
                if let Some(r) = self.record.as_mut() {
                    r.unknown_entities.extend(unknown);
                }
                self.field = Some(RawField {
                    name: name.clone(),
                    attrs,
                    text: String::new(),
                });
            }
            Slot::Root | Slot::Homonyms | Slot::Inline | Slot::Ignored => {}
        }
        if empty {
            self.close(slot);
        } else {
            self.stack.push((name, slot));
        }
        Ok(())
    }

    /// Ends what an element's slot began: a field joins its record, a record its `<r>`, a
    /// person the document.
    fn close(&mut self, slot: Slot) {
        match slot {
            Slot::Field => {
                if let (Some(f), Some(r)) = (self.field.take(), self.record.as_mut()) {
                    r.fields.push(f);
                }
            }
            Slot::Record => {
                if let (Some(r), Some(list)) = (self.record.take(), self.doc.r.last_mut()) {
                    list.push(r);
                }
            }
            Slot::Person => self.doc.person = self.record.take(),
            Slot::Homonym => self.doc.homonyms.extend(self.record.take()),
            Slot::Root | Slot::R | Slot::Homonyms | Slot::Inline | Slot::Ignored => {}
        }
    }

    /// Text (or CDATA) at byte `at`: a field's, or white space between elements.
    fn text(&mut self, text: &str, at: usize) -> Result<(), Error> {
        if self.stack.is_empty() {
            let trimmed = text.trim_start();
            if !trimmed.is_empty() {
                let at = at + (text.len() - trimmed.len());
                return Err(Error::document(format!(
                    "{}: text outside the root element",
                    position(self.xml, at)
                )));
            }
        } else if let Some(f) = self.field.as_mut() {
            f.text.push_str(text);
        }
        Ok(())
    }

    /// A reference `&name;` at byte `at`: resolved into the field's text; an unknown name is
    /// kept as written and counted on its record.
    fn reference(&mut self, name: &str, at: usize) -> Result<(), Error> {
        if self.stack.is_empty() {
            return Err(Error::document(format!(
                "{}: a reference outside the root element",
                position(self.xml, at)
            )));
        }
        let resolved = self.entities.resolve(name);
        if resolved.is_none() && name.starts_with('#') {
            return Err(Error::document(format!(
                "{}: &{name}; is no character",
                position(self.xml, at)
            )));
        }
        let Some(f) = self.field.as_mut() else {
            return Ok(());
        };
        match resolved {
            Some(text) => f.text.push_str(&text),
            None => {
                f.text.push('&');
                f.text.push_str(name);
                f.text.push(';');
                if let Some(r) = self.record.as_mut() {
                    r.unknown_entities.push(name.to_owned());
                }
            }
        }
        Ok(())
    }
}

/// An element's attributes with references resolved, and the unknown references' names.
fn attributes(
    start: &BytesStart<'_>,
    entities: &Entities,
    xml: &str,
    at: usize,
) -> Result<(Attrs, Vec<String>), Error> {
    let mut attrs = Vec::new();
    let mut unknown = Vec::new();
    for a in start.attributes() {
        let a = a.map_err(|e| {
            // quick-xml counts from the tag's name, after `<`.
            let (pos, what) = match e {
                AttrError::ExpectedEq(p) => (p, "an attribute's name must be followed by `=`"),
                AttrError::ExpectedValue(p) => (p, "`=` must be followed by a value"),
                AttrError::UnquotedValue(p) => (p, "an attribute value must be in quotes"),
                AttrError::ExpectedQuote(p, _) => (p, "an attribute value is not closed"),
                AttrError::Duplicated(p, _) => (p, "an attribute is written twice"),
            };
            Error::document(format!("{}: {what}", position(xml, at + 1 + pos)))
        })?;
        let (value, u) = entities.expand(&a.value);
        unknown.extend(u);
        attrs.push((a.key.as_ref().to_owned(), value));
    }
    Ok((attrs, unknown))
}

/// "line 3, column 14" for a byte offset (columns count characters, from 1).
pub(super) fn position(xml: &str, offset: usize) -> String {
    let bytes = &xml.as_bytes()[..offset.min(xml.len())];
    let line = bytes.iter().filter(|b| **b == b'\n').count() + 1;
    let line_start = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    let column = bytes[line_start..]
        .iter()
        .filter(|b| (**b & 0xC0) != 0x80)
        .count()
        + 1;
    format!("line {line}, column {column}")
}
