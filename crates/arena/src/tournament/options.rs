//! The tournament's command-line values: `--format`, `--shard` and
//! `--openings`, with typed errors that say what was expected.

use thiserror::Error;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every player against every other.
    RoundRobin,
    /// The first player against each of the others.
    Gauntlet,
}

/// A `--format` that names no format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown format {0:?}: expected round-robin or gauntlet")]
pub struct FormatError(pub String);

impl std::str::FromStr for Format {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Format, FormatError> {
        match s {
            "round-robin" | "roundrobin" | "rr" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            _ => Err(FormatError(s.to_owned())),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        })
    }
}

/// One shard of a schedule: games whose `index % count == number - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based shard number.
    pub number: u64,
    /// How many shards there are.
    pub count: u64,
}

/// A `--shard` that is not `I/N` with `1 <= I <= N`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad shard {0:?}: expected I/N with 1 <= I <= N, e.g. 2/8")]
pub struct ShardError(pub String);

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_owned());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let number: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if number == 0 || number > count {
            return Err(bad());
        }
        Ok(Shard { number, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.number, self.count)
    }
}

/// An `--openings` that is neither `random:PLIES` nor `none`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad openings {0:?}: expected random:PLIES (0 to 1000) or none")]
pub struct OpeningsError(pub String);

/// Parses `--openings`: `random:PLIES` or `none`.
pub fn parse_openings(s: &str) -> Result<u32, OpeningsError> {
    if s == "none" {
        return Ok(0);
    }
    s.strip_prefix("random:")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n <= 1000)
        .ok_or_else(|| OpeningsError(s.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_options() {
        assert_eq!(parse_openings("random:3"), Ok(3));
        assert_eq!(parse_openings("none"), Ok(0));
        assert!(parse_openings("random:x").is_err());
        assert!("0/2".parse::<Shard>().is_err());
        assert!("3/2".parse::<Shard>().is_err());
        assert_eq!("2/2".parse::<Shard>().unwrap().number, 2);
        assert!("swiss".parse::<Format>().is_err());
        assert_eq!(
            "swiss".parse::<Format>().unwrap_err().to_string(),
            "unknown format \"swiss\": expected round-robin or gauntlet"
        );
    }
}
