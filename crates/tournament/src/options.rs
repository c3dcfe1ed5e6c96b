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

/// The order in which the lines of an opening file are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// Line 1 for round 0, line 2 for round 1, ..., starting over at the
    /// end.
    Sequential,
    /// Every line once in a seeded shuffled order, then again in another
    /// shuffled order, and so on.
    Random,
}

impl std::fmt::Display for OpeningOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OpeningOrder::Sequential => "sequential",
            OpeningOrder::Random => "random",
        })
    }
}

/// An opening file and its order: `--openings file:PATH[,order=random]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningFile {
    /// The file: one ply list per line.
    pub path: std::path::PathBuf,
    /// The order its lines are played in.
    pub order: OpeningOrder,
}

/// Where the openings of a tournament come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// `random:PLIES` (`none` is `random:0`): seeded random plies.
    Random(u32),
    /// `file:PATH[,order=sequential|random]`: the lines of a file.
    File(OpeningFile),
}

/// An `--openings` that is neither `random:PLIES`, `none` nor
/// `file:PATH[,order=sequential|random]`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "bad openings {0:?}: expected random:PLIES (0 to 1000), none, or \
     file:PATH[,order=sequential|random]"
)]
pub struct OpeningsError(pub String);

/// Parses `--openings`: `random:PLIES`, `none` or
/// `file:PATH[,order=sequential|random]` (the order is sequential unless
/// told; a path may hold commas, only a last `,order=...` is read as the
/// order).
pub fn parse_openings(s: &str) -> Result<Openings, OpeningsError> {
    let bad = || OpeningsError(s.to_owned());
    if s == "none" {
        return Ok(Openings::Random(0));
    }
    if let Some(rest) = s.strip_prefix("file:") {
        let (path, order) = match rest.rsplit_once(',') {
            Some((path, order)) if order.trim_start().starts_with("order=") => {
                let order = match order.trim().trim_start_matches("order=") {
                    "sequential" | "seq" => OpeningOrder::Sequential,
                    "random" | "shuffled" | "shuffle" => OpeningOrder::Random,
                    _ => return Err(bad()),
                };
                (path, order)
            }
            _ => (rest, OpeningOrder::Sequential),
        };
        if path.is_empty() {
            return Err(bad());
        }
        return Ok(Openings::File(OpeningFile {
            path: path.into(),
            order,
        }));
    }
    s.strip_prefix("random:")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n <= 1000)
        .map(Openings::Random)
        .ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_options() {
        assert_eq!(parse_openings("random:3"), Ok(Openings::Random(3)));
        assert_eq!(parse_openings("none"), Ok(Openings::Random(0)));
        assert!(parse_openings("random:x").is_err());
        let file = |path: &str, order| {
            Ok(Openings::File(OpeningFile {
                path: path.into(),
                order,
            }))
        };
        assert_eq!(
            parse_openings("file:a.txt"),
            file("a.txt", OpeningOrder::Sequential)
        );
        assert_eq!(
            parse_openings("file:a,b.txt,order=random"),
            file("a,b.txt", OpeningOrder::Random)
        );
        assert_eq!(
            parse_openings("file:a,b.txt"),
            file("a,b.txt", OpeningOrder::Sequential)
        );
        assert!(parse_openings("file:a.txt,order=backwards").is_err());
        assert!(parse_openings("file:").is_err());
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
