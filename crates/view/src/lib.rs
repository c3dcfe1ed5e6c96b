//! `view`: the abstracta games as the web pages see them. A position
//! becomes the JSON the pages draw ([`position::position_json`]: the board
//! with its edges, the legal plies with their cells, the seats' colours
//! and goals, the plies by turn, and why a finished game ended with the
//! cells that decided it), and a search's analysis becomes the JSON of
//! its bars and principal variation. The web server and the WebAssembly
//! build answer with the same functions, so the pages cannot tell them
//! apart.
//!
//! ```
//! let mut game = abstracta::open("escabel:size=3,pie=off").unwrap();
//! game.play_list("b1 a1 b2 a2 b3 c1").unwrap();
//! let json = view::position::position_json(&*game);
//! assert_eq!(json["status"]["winner_colour"], "black");
//! assert_eq!(json["result"]["cells"], serde_json::json!(["b1", "b2", "b3"]));
//! assert_eq!(json["turns"].as_array().unwrap().len(), 6);
//! ```

#![deny(unsafe_code)]

pub mod board;
pub mod position;
pub mod requests;
pub mod sides;
