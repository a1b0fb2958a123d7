//! The fixed lists the source documents draw on: organizations whose names say their kind,
//! venues with their dblp keys and the names each source prints, roles and departments.

/// Organizations people work and study at: (name, city, ISO country). Each name says its kind,
/// so the importer can add it from ORCID alone.
pub(super) const ORGS: &[(&str, &str, &str)] = &[
    ("University of Northbridge", "Northbridge", "GB"),
    ("University of Eastvale", "Eastvale", "NO"),
    ("University of Westmoor", "Westmoor", "CA"),
    ("University of Lakeside", "Lakeside", "US"),
    ("Southport University", "Southport", "AU"),
    ("Rivertown University", "Rivertown", "US"),
    ("Hillcrest College", "Hillcrest", "US"),
    ("Northbridge Institute of Technology", "Northbridge", "SE"),
    ("Kestrel Institute of Technology", "Kestrel", "DE"),
    ("Ashford Institute of Technology", "Ashford", "CH"),
    ("University of Edinburgh", "Edinburgh", "GB"),
    ("University of Michigan", "Ann Arbor", "US"),
    ("Imperial College London", "London", "GB"),
    ("Quillstone Labs Inc.", "Seattle", "US"),
    ("Brightwave Systems Inc.", "San Jose", "US"),
    ("Corvid Data Corp.", "Austin", "US"),
    ("Tessellate Computing GmbH", "Munich", "DE"),
    ("Lumen Analytics Ltd.", "Cambridge", "GB"),
    ("Harbor Research Laboratory", "Boston", "US"),
    ("Meridian Systems Laboratory", "Zurich", "CH"),
    ("Aurora Computing Institute", "Toronto", "CA"),
    ("Polaris Labs", "Palo Alto", "US"),
];

/// The first index of [`ORGS`] that is a company or a lab, not a university.
pub(super) const FIRST_NON_UNIVERSITY: usize = 13;

/// Venues: (dblp key, dblp's printed name, OpenAlex's name, journal, publisher, DOI prefix).
pub(super) const VENUES: &[(&str, &str, &str, bool, &str, &str)] = &[
    (
        "conf/sosp",
        "SOSP",
        "Symposium on Operating Systems Principles",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/osdi",
        "OSDI",
        "Operating Systems Design and Implementation",
        false,
        "USENIX Association",
        "10.5555",
    ),
    (
        "conf/nsdi",
        "NSDI",
        "Networked Systems Design and Implementation",
        false,
        "USENIX Association",
        "10.5555",
    ),
    (
        "conf/eurosys",
        "EuroSys",
        "European Conference on Computer Systems",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/sigcomm",
        "SIGCOMM",
        "ACM SIGCOMM Conference",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/sigmod",
        "SIGMOD Conference",
        "International Conference on Management of Data",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/icde",
        "ICDE",
        "IEEE International Conference on Data Engineering",
        false,
        "IEEE",
        "10.1109",
    ),
    (
        "conf/isca",
        "ISCA",
        "International Symposium on Computer Architecture",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/asplos",
        "ASPLOS",
        "Architectural Support for Programming Languages and Operating Systems",
        false,
        "ACM",
        "10.1145",
    ),
    (
        "conf/infocom",
        "INFOCOM",
        "IEEE Conference on Computer Communications",
        false,
        "IEEE",
        "10.1109",
    ),
    (
        "journals/tocs",
        "ACM Trans. Comput. Syst.",
        "ACM Transactions on Computer Systems",
        true,
        "ACM",
        "10.1145",
    ),
    (
        "journals/pvldb",
        "Proc. VLDB Endow.",
        "Proceedings of the VLDB Endowment",
        true,
        "VLDB Endowment",
        "10.14778",
    ),
    (
        "journals/tpds",
        "IEEE Trans. Parallel Distributed Syst.",
        "IEEE Transactions on Parallel and Distributed Systems",
        true,
        "IEEE",
        "10.1109",
    ),
    (
        "journals/ton",
        "IEEE/ACM Trans. Netw.",
        "IEEE/ACM Transactions on Networking",
        true,
        "IEEE",
        "10.1109",
    ),
];

/// Faculty roles, by how many jobs a person has had.
pub(super) const PROFESSORS: &[&str] = &["Assistant Professor", "Associate Professor", "Professor"];
/// Roles at a company or lab.
pub(super) const SCIENTISTS: &[&str] = &[
    "Research Scientist",
    "Senior Research Scientist",
    "Principal Researcher",
];
/// Departments of a university.
pub(super) const DEPARTMENTS_HERE: &[&str] = &[
    "Department of Computer Science",
    "School of Informatics",
    "Systems Group",
];
