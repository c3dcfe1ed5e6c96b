//! `protocol`: the abstracta engine protocol, a GTP-style text protocol
//! over stdin/stdout, from both sides.
//!
//! - [`wire`]: what both sides share: the command list [`COMMANDS`], the
//!   errors an answer reports, the `clock` command and the win rate after
//!   `genmove`;
//! - [`session`]: the engine side, one game and engine answering commands
//!   line by line ([`Session`], [`serve`]);
//! - [`engine`]: the controller side, engine specs and [`engine::build`],
//!   which also starts external `cmd:` engines ([`engine::CmdPlayer`])
//!   and talks to them in this protocol;
//! - [`lines`]: reading input lines of bounded length.
//!
//! Dependencies run one way: `wire` <- `engine` <- `session`. See
//! `docs/protocol.md` for the protocol itself.
//!
//! ```
//! use protocol::{Session, COMMANDS};
//!
//! assert!(COMMANDS.contains(&"genmove"));
//! let mut session = Session::new("tictactoe", "random").unwrap();
//! let (answer, quit) = session.handle_line("play b2");
//! assert_eq!((answer.as_str(), quit), ("=\n\n", false));
//! let (answer, _) = session.handle_line("play b2");
//! assert!(answer.starts_with('?'), "{answer}");
//! let (answer, _) = session.handle_line("history");
//! assert_eq!(answer, "= b2\n\n");
//! ```

#![deny(unsafe_code)]

pub mod engine;
pub mod lines;
pub mod session;
pub mod wire;

pub use session::{serve, Session};
pub use wire::{clock_command, parse_clock, reported_win_rate, CommandError, COMMANDS, PROTOCOL_VERSION};
