//! Counts as pages print them: digits grouped in thousands and the noun agreeing with the number
//! ("1 researcher", "5,853 researchers"). Shared by the directory's heading and the pre-rendered
//! pages' descriptions ([`crate::site::meta`]).

/// `n` with its digits grouped in thousands: "5,853", "1,234,567".
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` grouped and followed by `one` or `many`: "1 publication", "1,024 publications".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// "1 researcher", "5,853 researchers".
pub fn researchers_count(n: usize) -> String {
    counted(n, "researcher", "researchers")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_naturally() {
        for (n, text) in [
            (0, "0 researchers"),
            (1, "1 researcher"),
            (155, "155 researchers"),
            (5853, "5,853 researchers"),
            (20_000, "20,000 researchers"),
            (1_234_567, "1,234,567 researchers"),
        ] {
            assert_eq!(researchers_count(n), text);
        }
        assert_eq!(counted(1, "publication", "publications"), "1 publication");
        assert_eq!(counted(999, "paper", "papers"), "999 papers");
        assert_eq!(grouped(100_000), "100,000");
    }
}
