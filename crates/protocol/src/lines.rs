//! Reading text input line by line with a bound on each line, so that one
//! endless line (a file of zeros, a runaway client) costs a bounded buffer
//! instead of all the memory there is. The engine protocol, the JSON
//! analysis engine and terminal play read their input through it.
//!
//! ```
//! use protocol::lines::{read_bounded_line, BoundedLine};
//! let mut input: &[u8] = b"play b2\nxxxxxxxxxxxx\nquit";
//! let mut line = Vec::new();
//! assert_eq!(read_bounded_line(&mut input, &mut line, 8).unwrap(), BoundedLine::Line);
//! assert_eq!(line, b"play b2");
//! // Too long: skipped to its end, nothing of it kept.
//! assert_eq!(
//!     read_bounded_line(&mut input, &mut line, 8).unwrap(),
//!     BoundedLine::TooLong { bytes: 12 }
//! );
//! assert!(line.is_empty());
//! assert_eq!(read_bounded_line(&mut input, &mut line, 8).unwrap(), BoundedLine::Line);
//! assert_eq!(line, b"quit");
//! assert_eq!(read_bounded_line(&mut input, &mut line, 8).unwrap(), BoundedLine::End);
//! ```

use std::io::{BufRead, ErrorKind};

/// The longest command line the engine protocol reads (see
/// [`crate::serve`]); a longer line is answered with an error and skipped.
pub const MAX_COMMAND_LINE: usize = 1024 * 1024;

/// What [`read_bounded_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// A line of at most the limit (without its newline) is in the buffer.
    Line,
    /// The line was longer than the limit: it was read to its end (or the
    /// end of input) and dropped; the buffer is empty.
    TooLong {
        /// The line's length in bytes, its newline not counted.
        bytes: u64,
    },
    /// The input has ended; the buffer is empty.
    End,
}

/// Reads the next line of `input` into `line` (cleared first, the newline
/// and a carriage return before it left out) when it has at most `limit`
/// bytes; a longer line is consumed without being kept, so memory stays
/// within `limit` whatever the input. A last line without a newline counts
/// as a line.
pub fn read_bounded_line<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<BoundedLine> {
    line.clear();
    let mut seen: u64 = 0;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if too_long {
                BoundedLine::TooLong { bytes: seen }
            } else if seen == 0 {
                BoundedLine::End
            } else {
                trim_carriage_return(line);
                BoundedLine::Line
            });
        }
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], true),
            None => (available, false),
        };
        seen += chunk.len() as u64;
        if !too_long {
            // One byte of room for a carriage return before the newline.
            if line.len() + chunk.len() <= limit.saturating_add(1) {
                line.extend_from_slice(chunk);
            } else {
                too_long = true;
                line.clear();
                line.shrink_to(limit);
            }
        }
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            if !too_long {
                trim_carriage_return(line);
                if line.len() <= limit {
                    return Ok(BoundedLine::Line);
                }
                line.clear();
            }
            return Ok(BoundedLine::TooLong { bytes: seen });
        }
    }
}

fn trim_carriage_return(line: &mut Vec<u8>) {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], limit: usize) -> Vec<Result<String, u64>> {
        let mut reader = std::io::BufReader::with_capacity(3, input);
        let mut line = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_bounded_line(&mut reader, &mut line, limit).unwrap() {
                BoundedLine::Line => out.push(Ok(String::from_utf8(line.clone()).unwrap())),
                BoundedLine::TooLong { bytes } => {
                    assert!(line.is_empty());
                    out.push(Err(bytes))
                }
                BoundedLine::End => return out,
            }
            assert!(line.capacity() <= limit + 16, "the buffer stays bounded");
        }
    }

    #[test]
    fn lines_at_the_limit_are_kept_and_longer_ones_skipped_whole() {
        assert_eq!(
            all(b"abcd\nabcde\r\n\nab\r\nabcdefghij", 4),
            vec![Ok("abcd".into()), Err(6), Ok("".into()), Ok("ab".into()), Err(10)]
        );
        assert_eq!(all(b"abcd\r\n", 4), vec![Ok("abcd".into())]);
        assert_eq!(all(b"", 4), vec![]);
    }
}
