//! Careers that fit a career stage: degrees and positions in a plausible order of years.
//!
//! Each stage has its own shape — an undergraduate's one ongoing degree, a PhD student's
//! internships, a professor's ranks every six years — and every period ends after it starts, so
//! the validator's date checks hold by construction.

use research_atlas::model::{CareerStage, Education, EndDate, PartialDate, Position};

use super::rng::{Rng, Weighted};
use super::vocab::Vocab;
use super::words::INDUSTRY_TITLES;
use super::{FIRST_YEAR, LAST_YEAR};

/// Degrees and jobs, newest first, and what they say about now.
pub struct Career {
    /// The current job title.
    pub title: String,
    /// The current organization, a position in `Vocab::orgs`.
    pub org: usize,
    pub education: Vec<Education>,
    pub positions: Vec<Position>,
    /// The first year of study, for awards.
    pub started: u16,
    /// The first year they plausibly published in.
    pub first_year: u16,
}

const BACHELOR: &str = "B.S. in Computer Science";
const MASTER: &str = "M.S. in Computer Science";
const DOCTORATE: &str = "Ph.D. in Computer Science";
const PRESENT: Option<EndDate> = Some(EndDate::Present);

/// A PhD and the degrees before it.
struct Doctorate {
    /// The PhD's university, a position in `Vocab::orgs`.
    uni: usize,
    /// The PhD, a master's when there was one, and the bachelor's: newest first.
    education: Vec<Education>,
    /// The first year of the bachelor's.
    started: u16,
}

/// A career for `stage`.
pub fn career(stage: CareerStage, vocab: &Vocab, rng: &mut Rng) -> Career {
    let b = Builder { vocab };
    let mut c = match stage {
        CareerStage::Student => b.student(rng),
        CareerStage::PhdStudent => b.phd_student(rng),
        CareerStage::Postdoc => b.postdoc(rng),
        CareerStage::Faculty => b.faculty(rng),
        CareerStage::Industry => b.industry(rng),
    };
    c.positions.sort_by_key(|p| std::cmp::Reverse(p.start));
    c.first_year = c.first_year.clamp(FIRST_YEAR, LAST_YEAR);
    c
}

/// Builds degrees and jobs at organizations of the vocabulary.
struct Builder<'a> {
    vocab: &'a Vocab,
}

impl Builder<'_> {
    /// A PhD at a university from `start` (ending at `end`), after a bachelor's of four years
    /// and, when `master`, a master's of two, each at a university of its own.
    fn doctorate(
        &self,
        rng: &mut Rng,
        start: u16,
        end: Option<EndDate>,
        master: bool,
    ) -> Doctorate {
        let bachelor = start - if master { 6 } else { 4 };
        let uni = self.vocab.university(rng);
        let mut education = vec![self.degree(uni, DOCTORATE, start, end)];
        if master {
            let school = self.vocab.university(rng);
            education.push(self.degree(school, MASTER, bachelor + 4, ended(start)));
        }
        let school = self.vocab.university(rng);
        education.push(self.degree(school, BACHELOR, bachelor, ended(bachelor + 4)));
        Doctorate {
            uni,
            education,
            started: bachelor,
        }
    }

    fn degree(&self, org: usize, degree: &str, start: u16, end: Option<EndDate>) -> Education {
        Education {
            organization: self.vocab.orgs[org].record.id.clone(),
            degree: degree.to_owned(),
            location: Some(self.vocab.orgs[org].location.clone()),
            start: Some(PartialDate::year(start)),
            end,
            advisors: Vec::new(),
            details: Vec::new(),
        }
    }

    fn job(&self, org: usize, title: &str, start: PartialDate, end: Option<EndDate>) -> Position {
        Position {
            organization: self.vocab.orgs[org].record.id.clone(),
            organization_name: None,
            title: title.to_owned(),
            team: None,
            location: Some(self.vocab.orgs[org].location.clone()),
            start: Some(start),
            end,
            bullets: Vec::new(),
        }
    }

    /// A summer internship at a company or lab.
    fn internship(&self, rng: &mut Rng, year: u16) -> Position {
        let org = self.vocab.industry_org(rng);
        let end = Some(EndDate::Date(PartialDate::month(year, 9)));
        self.job(org, "Research Intern", PartialDate::month(year, 6), end)
    }

    /// An undergraduate researching at their university, sometimes after an internship.
    fn student(&self, rng: &mut Rng) -> Career {
        let start = rng.range(2022, 2025);
        let uni = self.vocab.university(rng);
        let since = PartialDate::year(start + 1);
        let mut positions = vec![self.job(uni, "Undergraduate Researcher", since, PRESENT)];
        if rng.chance(0.4) && start < LAST_YEAR - 1 {
            positions.push(self.internship(rng, start + 1));
        }
        Career {
            title: "Undergraduate Student".into(),
            org: uni,
            education: vec![self.degree(uni, BACHELOR, start, PRESENT)],
            positions,
            started: start,
            first_year: start + 1,
        }
    }

    /// A bachelor's, sometimes a master's, an ongoing PhD and up to two internships.
    fn phd_student(&self, rng: &mut Rng) -> Career {
        let bachelor = rng.range(2011, 2019);
        let master = rng.chance(0.3);
        let start = bachelor + if master { 6 } else { 4 };
        let phd = self.doctorate(rng, start, PRESENT, master);
        let since = PartialDate::month(start, 9);
        let assistant = self.job(phd.uni, "Graduate Research Assistant", since, PRESENT);
        let mut positions = vec![assistant];
        let internships = if start + 1 < LAST_YEAR {
            rng.below(3)
        } else {
            0
        };
        for _ in 0..internships {
            let year = rng.range(start + 1, LAST_YEAR - 1);
            if !positions
                .iter()
                .any(|j| j.start.is_some_and(|s| s.year == year))
            {
                positions.push(self.internship(rng, year));
            }
        }
        let title = if start <= LAST_YEAR - 4 {
            "PhD Candidate"
        } else {
            "PhD Student"
        };
        Career {
            title: title.into(),
            org: phd.uni,
            education: phd.education,
            positions,
            started: phd.started,
            first_year: start,
        }
    }

    /// A recent PhD and a postdoc at a university or lab.
    fn postdoc(&self, rng: &mut Rng) -> Career {
        let end = rng.range(2019, LAST_YEAR - 1);
        let start = end - rng.range(4, 6);
        let (phd_uni, host) = (self.vocab.university(rng), self.vocab.research_org(rng));
        let school = self.vocab.university(rng);
        let education = vec![
            self.degree(phd_uni, DOCTORATE, start, ended(end)),
            self.degree(school, BACHELOR, start - 4, ended(start)),
        ];
        let positions = vec![
            self.job(
                host,
                "Postdoctoral Researcher",
                PartialDate::year(end),
                PRESENT,
            ),
            self.job(
                phd_uni,
                "Graduate Research Assistant",
                PartialDate::year(start),
                ended(end),
            ),
        ];
        Career {
            title: "Postdoctoral Researcher".into(),
            org: host,
            education,
            positions,
            started: start - 4,
            first_year: start + 1,
        }
    }

    /// A PhD, sometimes a postdoc, then assistant, associate and full professor every six
    /// years, sometimes moving.
    fn faculty(&self, rng: &mut Rng) -> Career {
        let end = rng.range(1996, 2022);
        let start = end - rng.range(4, 6);
        let master = rng.chance(0.3);
        let phd = self.doctorate(rng, start, ended(end), master);

        let mut positions = Vec::new();
        let mut year = end;
        if rng.chance(0.5) {
            let until = end + rng.range(1, 3);
            let host = self.vocab.research_org(rng);
            let since = PartialDate::year(end);
            positions.push(self.job(host, "Postdoctoral Researcher", since, ended(until)));
            year = until;
        }
        let mut uni = self.vocab.university(rng);
        let mut title = "";
        for rank in ["Assistant Professor", "Associate Professor", "Professor"] {
            if !positions.is_empty() && rng.chance(0.25) {
                uni = self.vocab.university(rng);
            }
            let next = year + 6;
            let current = rank == "Professor" || next > LAST_YEAR;
            let until = if current { PRESENT } else { ended(next) };
            positions.push(self.job(uni, rank, PartialDate::year(year), until));
            title = rank;
            if current {
                break;
            }
            year = next;
        }
        Career {
            title: title.into(),
            org: uni,
            education: phd.education,
            positions,
            started: phd.started,
            first_year: start + 1,
        }
    }

    /// A master's or a PhD, then one to four jobs at companies or labs, the last one current.
    fn industry(&self, rng: &mut Rng) -> Career {
        let doctor = rng.chance(0.6);
        let end = rng.range(if doctor { 1998 } else { 2000 }, LAST_YEAR - 2);
        let (top, start) = if doctor {
            (DOCTORATE, end - 5)
        } else {
            (MASTER, end - 2)
        };
        let bachelor = start - 4;
        let (school, first_school) = (self.vocab.university(rng), self.vocab.university(rng));
        let education = vec![
            self.degree(school, top, start, ended(end)),
            self.degree(first_school, BACHELOR, bachelor, ended(start)),
        ];
        let count = 1 + Weighted::new([30.0, 35.0, 25.0, 10.0]).sample(rng);
        let mut positions = Vec::new();
        let mut year = end;
        let (mut org, mut title) = (0, "");
        for j in 0..count {
            org = self.vocab.industry_org(rng);
            title = INDUSTRY_TITLES[(2 * j + rng.below(2)).min(INDUSTRY_TITLES.len() - 1)];
            let next = year + rng.range(1, 6);
            let current = j + 1 == count || next >= LAST_YEAR;
            let until = if current { PRESENT } else { ended(next) };
            positions.push(self.job(org, title, PartialDate::year(year), until));
            if current {
                break;
            }
            year = next;
        }
        Career {
            title: title.into(),
            org,
            education,
            positions,
            started: bachelor,
            first_year: if doctor { start + 1 } else { end },
        }
    }
}

fn ended(year: u16) -> Option<EndDate> {
    Some(EndDate::Date(PartialDate::year(year)))
}
