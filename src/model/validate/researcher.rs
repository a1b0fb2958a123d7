//! The checks of one researcher record: every free text, every reference, every period, and
//! that each listed publication lists them back.

use std::collections::HashSet;

use super::rules::is_language_tag;
use super::{Checker, Ids};
use crate::model::types::{Advisor, Researcher};

impl Checker<'_> {
    pub(super) fn researcher(&mut self, p: &str, r: &Researcher, ids: &Ids<'_>) {
        self.non_empty(&format!("{p}.name"), &r.name);
        self.opt_text(&format!("{p}.native_name"), &r.native_name);
        if let Some(lang) = &r.native_name_lang {
            let path = format!("{p}.native_name_lang");
            if r.native_name.is_none() {
                self.push_at(path, "is set but native_name is not".into());
            } else if !is_language_tag(lang) {
                self.push_at(
                    path,
                    format!("{lang:?} is not a language tag such as \"zh\" or \"zh-Hans\""),
                );
            }
        }
        self.texts(&format!("{p}.alternative_names"), &r.alternative_names);
        self.opt_text(&format!("{p}.title"), &r.title);
        self.opt_text(&format!("{p}.department"), &r.department);
        self.opt_text(&format!("{p}.location"), &r.location);
        self.opt_text(&format!("{p}.office"), &r.office);
        self.non_empty(&format!("{p}.summary"), &r.summary);
        self.translations(p, &r.translations, ids);
        if let Some(o) = &r.organization {
            self.known_organization(&format!("{p}.organization"), o, ids);
        }
        self.advisors(&format!("{p}.advisors"), &r.advisors, ids);
        self.links(&format!("{p}.links"), &r.links);
        self.texts(&format!("{p}.interests"), &r.interests);
        for (i, t) in r.topics.iter().enumerate() {
            self.known_topic(&format!("{p}.topics[{i}]"), t, ids);
        }
        for (i, g) in r.skills.iter().enumerate() {
            self.non_empty(&format!("{p}.skills[{i}].category"), &g.category);
            self.texts(&format!("{p}.skills[{i}].items"), &g.items);
        }
        for (i, e) in r.education.iter().enumerate() {
            let q = format!("{p}.education[{i}]");
            self.known_organization(&format!("{q}.organization"), &e.organization, ids);
            self.non_empty(&format!("{q}.degree"), &e.degree);
            self.opt_text(&format!("{q}.location"), &e.location);
            self.period(&q, e.start, e.end);
            self.advisors(&format!("{q}.advisors"), &e.advisors, ids);
            self.texts(&format!("{q}.details"), &e.details);
        }
        for (i, e) in r.positions.iter().enumerate() {
            let q = format!("{p}.positions[{i}]");
            self.known_organization(&format!("{q}.organization"), &e.organization, ids);
            self.opt_text(&format!("{q}.organization_name"), &e.organization_name);
            self.non_empty(&format!("{q}.title"), &e.title);
            self.opt_text(&format!("{q}.team"), &e.team);
            self.opt_text(&format!("{q}.location"), &e.location);
            self.period(&q, e.start, e.end);
            self.texts(&format!("{q}.bullets"), &e.bullets);
        }
        let mut seen = HashSet::new();
        for (i, id) in r.publications.iter().enumerate() {
            let q = format!("{p}.publications[{i}]");
            self.known_publication(&q, id, ids);
            if !seen.insert(id) {
                self.push_at(q.clone(), format!("{id} is listed twice"));
            }
            if let Some(pb) = ids.publication.get(id.as_str())
                && !pb
                    .authors
                    .iter()
                    .any(|a| a.researcher.as_ref() == Some(&r.id))
            {
                self.push_at(q, format!("{id} does not list {} among its authors", r.id));
            }
        }
        for (i, a) in r.awards.iter().enumerate() {
            let q = format!("{p}.awards[{i}]");
            self.non_empty(&format!("{q}.name"), &a.name);
            self.year_span(&q, a.year, a.end_year);
            self.opt_text(&format!("{q}.awarded_by"), &a.awarded_by);
            self.opt_text(&format!("{q}.details"), &a.details);
            if let Some(pb) = &a.publication {
                self.known_publication(&format!("{q}.publication"), pb, ids);
            }
        }
        for (i, t) in r.talks.iter().enumerate() {
            let q = format!("{p}.talks[{i}]");
            self.non_empty(&format!("{q}.title"), &t.title);
            self.opt_text(&format!("{q}.host"), &t.host);
            self.opt_text(&format!("{q}.location"), &t.location);
            self.opt_text(&format!("{q}.details"), &t.details);
            self.opt_year(&format!("{q}.year"), t.year);
            self.links(&format!("{q}.links"), &t.links);
        }
        for (i, pr) in r.projects.iter().enumerate() {
            let q = format!("{p}.projects[{i}]");
            self.non_empty(&format!("{q}.name"), &pr.name);
            self.opt_text(&format!("{q}.description"), &pr.description);
            self.opt_text(&format!("{q}.role"), &pr.role);
            self.opt_year(&format!("{q}.year"), pr.year);
            if let Some(o) = &pr.organization {
                self.known_organization(&format!("{q}.organization"), o, ids);
            }
            self.links(&format!("{q}.links"), &pr.links);
            for (j, pb) in pr.publications.iter().enumerate() {
                self.known_publication(&format!("{q}.publications[{j}]"), pb, ids);
            }
            self.texts(&format!("{q}.bullets"), &pr.bullets);
        }
        for (i, s) in r.service.iter().enumerate() {
            let q = format!("{p}.service[{i}]");
            self.non_empty(&format!("{q}.role"), &s.role);
            self.non_empty(&format!("{q}.event"), &s.event);
            if let Some(v) = &s.venue {
                self.refers(&format!("{q}.venue"), &ids.venues, v.as_str(), "venue");
            }
            self.year_span(&q, s.year, s.end_year);
        }
        for (i, t) in r.teaching.iter().enumerate() {
            let q = format!("{p}.teaching[{i}]");
            self.non_empty(&format!("{q}.course"), &t.course);
            self.opt_text(&format!("{q}.code"), &t.code);
            self.non_empty(&format!("{q}.role"), &t.role);
            if let Some(o) = &t.organization {
                self.known_organization(&format!("{q}.organization"), o, ids);
            }
            self.period(&q, t.start, t.end);
        }
        for (i, g) in r.group.iter().enumerate() {
            let q = format!("{p}.group[{i}]");
            self.non_empty(&format!("{q}.name"), &g.name);
            self.non_empty(&format!("{q}.role"), &g.role);
            self.opt_text(&format!("{q}.details"), &g.details);
            if let Some(id) = &g.researcher {
                self.known_researcher(&format!("{q}.researcher"), id, ids);
            }
        }
        for (i, l) in r.leadership.iter().enumerate() {
            let q = format!("{p}.leadership[{i}]");
            self.non_empty(&format!("{q}.role"), &l.role);
            self.non_empty(&format!("{q}.body"), &l.body);
            self.opt_text(&format!("{q}.location"), &l.location);
            if let Some(o) = &l.organization {
                self.known_organization(&format!("{q}.organization"), o, ids);
            }
            self.period(&q, l.start, l.end);
        }
        for (i, ce) in r.certifications.iter().enumerate() {
            let q = format!("{p}.certifications[{i}]");
            self.non_empty(&format!("{q}.name"), &ce.name);
            self.opt_text(&format!("{q}.issuer"), &ce.issuer);
            self.opt_year(&format!("{q}.year"), ce.year);
        }
        if let Some(o) = &r.openings {
            self.openings(p, o);
        }
        if r.sources.is_empty() {
            self.push_at(
                format!("{p}.sources"),
                "must name at least one source".into(),
            );
        }
        for (i, s) in r.sources.iter().enumerate() {
            self.non_empty(&format!("{p}.sources[{i}].document"), &s.document);
            self.opt_text(&format!("{p}.sources[{i}].note"), &s.note);
        }
    }

    pub(super) fn advisors(&mut self, path: &str, advisors: &[Advisor], ids: &Ids<'_>) {
        for (i, a) in advisors.iter().enumerate() {
            let q = format!("{path}[{i}]");
            self.non_empty(&format!("{q}.name"), &a.name);
            self.opt_text(&format!("{q}.role"), &a.role);
            if let Some(id) = &a.researcher {
                self.known_researcher(&format!("{q}.researcher"), id, ids);
            }
        }
    }
}
