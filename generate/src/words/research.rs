//! Topics, venues, the words of paper titles, and awards.

/// The topic taxonomy: display names; ids are their slugs.
pub const TOPICS: &[&str] = &[
    "Machine learning systems",
    "Distributed systems",
    "Deep learning",
    "LLM serving",
    "LLM training",
    "Reinforcement learning",
    "Computer vision",
    "Natural language processing",
    "Operating systems",
    "Databases",
    "Cloud computing",
    "Computer networks",
    "Security",
    "Programming languages",
    "Compilers",
    "Computer architecture",
    "GPU computing",
    "High-performance computing",
    "Storage systems",
    "Data processing",
    "Stream processing",
    "Query optimization",
    "Serverless computing",
    "Edge computing",
    "Federated learning",
    "Generative models",
    "Diffusion models",
    "Graph neural networks",
    "Optimization",
    "Probabilistic inference",
    "Causal inference",
    "Statistical learning theory",
    "Algorithms",
    "Complexity theory",
    "Graph algorithms",
    "Approximation algorithms",
    "Online algorithms",
    "Distributed algorithms",
    "Consensus protocols",
    "Game theory",
    "Cryptography",
    "Privacy",
    "Formal methods",
    "Program verification",
    "Program synthesis",
    "ML for code",
    "Software engineering",
    "Information retrieval",
    "Recommender systems",
    "Human-computer interaction",
    "Visualization",
    "Robotics",
    "Speech recognition",
    "Multi-agent systems",
    "AI safety",
    "Interpretability",
    "Fairness in machine learning",
    "Computational biology",
    "Quantum computing",
    "Embedded systems",
    "Energy-efficient computing",
    "Networking hardware",
];

/// Conference and journal fields: (name, abbreviation for short names).
pub const VENUE_FIELDS: &[(&str, &str)] = &[
    ("Operating Systems", "OS"),
    ("Networked Systems", "NS"),
    ("Distributed Computing", "DC"),
    ("Database Systems", "DB"),
    ("Machine Learning", "ML"),
    ("Learning Representations", "LR"),
    ("Computer Vision", "CV"),
    ("Natural Language Processing", "NLP"),
    ("Programming Languages", "PL"),
    ("Software Engineering", "SE"),
    ("Computer Architecture", "CA"),
    ("Security and Privacy", "SP"),
    ("Theory of Computing", "TC"),
    ("Discrete Algorithms", "DA"),
    ("Cloud Computing", "CC"),
    ("High Performance Computing", "HPC"),
    ("Data Mining", "DM"),
    ("Information Retrieval", "IR"),
    ("Robotics and Automation", "RA"),
    ("Artificial Intelligence", "AI"),
    ("Human Factors in Computing", "HF"),
    ("Parallel Processing", "PP"),
    ("Storage Systems", "ST"),
    ("Formal Methods", "FM"),
    ("Cryptology", "CR"),
    ("Code Generation and Optimization", "CGO"),
    ("Mobile Computing", "MC"),
    ("Embedded Systems", "ES"),
    ("Quantum Computing", "QC"),
    ("Learning Theory", "LT"),
];

/// Conference name patterns: (name with `{}` for the field, short-name prefix).
pub const CONFERENCE_FORMS: &[(&str, &str)] = &[
    ("International Conference on {}", "IC"),
    ("Symposium on {}", "S"),
    ("European Conference on {}", "E"),
];

/// Journal name patterns: (name with `{}` for the field, short-name prefix).
pub const JOURNAL_FORMS: &[(&str, &str)] = &[("Transactions on {}", "T"), ("Journal of {}", "J")];

/// Made-up system names are a syllable from each list, e.g. "Kaflow", "Zeshard".
pub const SYSTEM_HEADS: &[&str] = &[
    "Ae", "Bo", "Ca", "Da", "Ex", "Fa", "Ge", "Ha", "Io", "Ju", "Ka", "Lo", "Me", "No", "Or", "Pa",
    "Qu", "Ra", "Si", "Te", "Ul", "Ve", "Wa", "Xe", "Yo", "Ze",
];

/// Second syllables of made-up system names.
pub const SYSTEM_TAILS: &[&str] = &[
    "ra", "lix", "ton", "phos", "mos", "dex", "flow", "grid", "nova", "pipe", "scale", "shard",
    "sync", "vault", "wave", "byte", "core", "mind", "path", "star",
];

/// Adjectives of titles.
pub const ADJECTIVES: &[&str] = &[
    "Efficient",
    "Scalable",
    "Fast",
    "Robust",
    "Adaptive",
    "Practical",
    "Provable",
    "Fault-Tolerant",
    "Low-Latency",
    "Elastic",
    "Secure",
    "Verified",
    "Learned",
    "Decentralized",
    "Incremental",
    "Approximate",
    "Memory-Efficient",
    "Cost-Aware",
    "Private",
    "Distributed",
];

/// Techniques, the head nouns of titles.
pub const METHODS: &[&str] = &[
    "Scheduling",
    "Caching",
    "Batching",
    "Partitioning",
    "Replication",
    "Compression",
    "Indexing",
    "Verification",
    "Inference",
    "Training",
    "Sampling",
    "Routing",
    "Placement",
    "Checkpointing",
    "Sharding",
    "Query Processing",
    "Garbage Collection",
    "Load Balancing",
    "Consensus",
    "Speculative Decoding",
    "Quantization",
    "Pruning",
    "Retrieval",
    "Fine-Tuning",
    "Planning",
    "Search",
];

/// What techniques are applied to.
pub const OBJECTS: &[&str] = &[
    "Large Language Models",
    "Distributed Training",
    "Data Centers",
    "Edge Devices",
    "Heterogeneous Clusters",
    "Graph Workloads",
    "Key-Value Stores",
    "Stream Processing",
    "Serverless Functions",
    "Mixture-of-Experts Models",
    "Vision Transformers",
    "Sparse Tensors",
    "Multi-Tenant Clouds",
    "Transactional Databases",
    "Code Generation",
    "Autonomous Agents",
    "Recommendation Models",
    "Wireless Networks",
];

/// What "On the … of" titles study.
pub const PROPERTIES: &[&str] = &[
    "Complexity",
    "Limits",
    "Robustness",
    "Convergence",
    "Security",
    "Cost",
];

/// Awards a researcher may hold: (name, awarded by). `{topic}` is one of their topics.
pub const AWARDS: &[(&str, Option<&str>)] = &[
    ("Early Career Award", Some("National Research Foundation")),
    (
        "Young Investigator Award",
        Some("Office of Research Programs"),
    ),
    ("Research Excellence Award", None),
    ("Outstanding Dissertation Award", None),
    ("Outstanding Teaching Award", None),
    (
        "Graduate Research Fellowship",
        Some("National Research Foundation"),
    ),
    ("Faculty Research Award", None),
    ("Rising Star in {topic}", None),
    ("Test of Time Award", None),
    ("Distinguished Reviewer Award", None),
];

/// Honours a paper may carry.
pub const HONOURS: &[&str] = &[
    "Best Paper Award",
    "Outstanding Paper Award",
    "Oral",
    "Spotlight",
    "Best Student Paper Award",
    "Distinguished Paper Award",
];

/// Publishers of proceedings and journals.
pub const PUBLISHERS: &[&str] = &[
    "Association for Computing Machinery",
    "IEEE",
    "USENIX Association",
    "Springer",
    "PMLR",
    "Curran Associates",
];

/// Registrant codes of DOIs (`10.<code>/…`).
pub const DOI_PREFIXES: &[&str] = &["1145", "1109", "1007", "14778", "5555"];

/// Academic departments.
pub const DEPARTMENTS: &[&str] = &[
    "Department of Computer Science",
    "School of Computer Science",
    "Department of Electrical Engineering and Computer Science",
    "Department of Statistics",
    "School of Engineering",
];

/// Job titles in industry, from junior to senior.
pub const INDUSTRY_TITLES: &[&str] = &[
    "Software Engineer",
    "Research Engineer",
    "Research Scientist",
    "Senior Research Scientist",
    "Member of Technical Staff",
    "Staff Research Scientist",
    "Principal Engineer",
];
