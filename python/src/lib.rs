//! The Python extension module `abstracta._abstracta`: the games of
//! abstracta as `State` objects (plies as text and as integer actions,
//! observation tensors, serialisation) and the MCTS as `Mcts`, which
//! releases the GIL while it searches. The pure-Python package `abstracta`
//! re-exports it and adds the OpenSpiel, PettingZoo and engine-protocol
//! adapters.
//!
//! Every Rust error becomes a Python exception with the same message,
//! all subclasses of `abstracta.AbstractaError` (a `ValueError`).
//!
//! ```text
//! >>> import abstracta
//! >>> s = abstracta.State("escabel:size=7")
//! >>> s.play("d4")
//! 'd4'
//! ```

use std::sync::Mutex;

use abstracta::actions::ActionError as RustActionError;
use abstracta::mcts::{MctsOptions, SearchResult as RustResult, StopHandle};
use abstracta::player::{EngineError, EngineSpec};
use abstracta::registry::{with_game, GameVisitor, RegisteredGame};
use abstracta::GameOptions;
use abstracta::{AnyGame, AnySearch, GameRecord, PlayError, PlyListError, RecordError, Seat, Status};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

create_exception!(
    abstracta,
    AbstractaError,
    PyValueError,
    "The base of every abstracta error (a ValueError)."
);
create_exception!(
    abstracta,
    SpecError,
    AbstractaError,
    "A game spec that names no game or holds a bad option."
);
create_exception!(
    abstracta,
    IllegalPlyError,
    AbstractaError,
    "A ply that cannot be read, or is not legal in the position."
);
create_exception!(
    abstracta,
    GameOverError,
    IllegalPlyError,
    "A ply or a search asked of a finished game."
);
create_exception!(
    abstracta,
    ActionError,
    AbstractaError,
    "An integer action that names no ply of the game."
);
create_exception!(abstracta, OptionsError, AbstractaError, "A bad MCTS option spec.");
create_exception!(
    abstracta,
    SearchError,
    AbstractaError,
    "A search that cannot run (another game type, say)."
);

fn play_err(e: PlayError) -> PyErr {
    match e {
        PlayError::GameOver { .. } => GameOverError::new_err(e.to_string()),
        _ => IllegalPlyError::new_err(e.to_string()),
    }
}

fn list_err(e: PlyListError) -> PyErr {
    let message = e.to_string();
    match e.error {
        PlayError::GameOver { .. } => GameOverError::new_err(message),
        _ => IllegalPlyError::new_err(message),
    }
}

fn action_err(e: RustActionError) -> PyErr {
    match e {
        RustActionError::Play(p) => play_err(p),
        other => ActionError::new_err(other.to_string()),
    }
}

fn record_err(e: RecordError) -> PyErr {
    match &e {
        RecordError::Spec(s) => SpecError::new_err(s.to_string()),
        RecordError::Ply(p) => list_err(p.clone()),
        RecordError::Result { .. } => IllegalPlyError::new_err(e.to_string()),
    }
}

fn engine_err(e: EngineError) -> PyErr {
    match e {
        EngineError::GameOver { .. } => GameOverError::new_err(e.to_string()),
        other => SearchError::new_err(other.to_string()),
    }
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// A game position with its history, for any game of the collection.
///
/// Built from a spec such as ``"escabel:size=9"``. Plies are text in the
/// game's notation; actions are integers below ``num_distinct_actions()``
/// (the layout of each game is in its crate README). Seats are 0 (the
/// first player) and 1; after a pie-rule swap seat 0 plays the second
/// colour.
#[pyclass(module = "abstracta", name = "State")]
struct State {
    game: Box<dyn AnyGame>,
}

#[pymethods]
impl State {
    /// The start position of the game ``spec`` names; raises ``SpecError``
    /// for a bad spec.
    #[new]
    fn new(spec: &str) -> PyResult<State> {
        abstracta::open(spec)
            .map(|game| State { game })
            .map_err(|e| SpecError::new_err(e.to_string()))
    }

    /// The game's name (``"escabel"``, ...).
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The canonical spec: the name and the options that differ from the
    /// defaults.
    #[getter]
    fn spec(&self) -> String {
        self.game.spec()
    }

    /// The legal plies in notation (empty once the game is over).
    fn legal_plies(&self) -> Vec<String> {
        self.game.legal_plies()
    }

    /// Whether ``ply`` reads as a ply and is legal now.
    fn is_legal(&self, ply: &str) -> bool {
        self.game.is_legal(ply)
    }

    /// Plays ``ply`` and returns its canonical text; raises
    /// ``IllegalPlyError`` (``GameOverError`` once the game is over) and
    /// leaves the position unchanged otherwise.
    fn play(&mut self, ply: &str) -> PyResult<String> {
        self.game.play(ply).map_err(play_err)
    }

    /// Plays plies separated by spaces or commas, stopping at the first
    /// bad one (the plies before it stay played).
    fn play_list(&mut self, plies: &str) -> PyResult<()> {
        self.game.play_list(plies).map_err(list_err)
    }

    /// Takes back the last ply and returns it; ``None`` at the start.
    fn undo(&mut self) -> Option<String> {
        self.game.undo()
    }

    /// Goes back to the start position, forgetting the history.
    fn restart(&mut self) {
        self.game.restart()
    }

    /// The plies played from the start, in notation.
    fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// Plies played since the start (including swaps).
    #[getter]
    fn plies_played(&self) -> u32 {
        self.game.plies_played()
    }

    /// The effective length cap in plies (a draw there), or ``None``.
    #[getter]
    fn length_cap(&self) -> Option<u32> {
        self.game.length_cap()
    }

    /// The number of distinct integer actions of this game and options.
    fn num_distinct_actions(&self) -> PyResult<usize> {
        self.game.num_distinct_actions().ok_or_else(|| {
            action_err(RustActionError::NoEncoding {
                game: self.game.name(),
            })
        })
    }

    /// The ids of the legal plies, in increasing order.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.game.legal_actions().map_err(action_err)
    }

    /// The id of ``ply`` (legal now or not); raises ``IllegalPlyError`` for
    /// text that is not a ply, ``ActionError`` for a ply without an id.
    fn action_of(&self, ply: &str) -> PyResult<usize> {
        self.game.action_of(ply).map_err(action_err)
    }

    /// The ply, in notation, that ``action`` names (legal now or not);
    /// raises ``ActionError`` for an id that names no ply.
    fn ply_of(&self, action: usize) -> PyResult<String> {
        self.game.ply_of(action).map_err(action_err)
    }

    /// Plays the ply ``action`` names; raises ``ActionError`` for an id
    /// that names no ply and ``IllegalPlyError`` for an illegal one.
    fn play_action(&mut self, action: usize) -> PyResult<()> {
        self.game.play_action(action).map_err(action_err)
    }

    /// ``"ongoing"``, ``"black"``, ``"white"`` (the winning colour) or
    /// ``"draw"``.
    fn status(&self) -> &'static str {
        self.game.status().word()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.status().is_finished()
    }

    /// The winning seat (0 or 1), or ``None`` (ongoing or drawn).
    fn winner_seat(&self) -> Option<usize> {
        self.game.status().winner_seat().map(seat_index)
    }

    /// The winning colour (``"black"``/``"white"``), or ``None``.
    fn winner_colour(&self) -> Option<&'static str> {
        self.game.status().winner_colour().map(|c| c.name())
    }

    /// Whether a finished game ended by the length cap (a draw).
    fn ended_by_cap(&self) -> bool {
        matches!(
            self.game.status(),
            Status::Finished {
                termination: abstracta::Termination::LengthCap,
                ..
            }
        )
    }

    /// The seat to move (0 or 1), or ``None`` once the game is over.
    fn current_seat(&self) -> Option<usize> {
        self.game.to_move().map(|(seat, _)| seat_index(seat))
    }

    /// The colour to move (``"black"``/``"white"``), or ``None``.
    fn current_colour(&self) -> Option<&'static str> {
        self.game.to_move().map(|(_, colour)| colour.name())
    }

    /// The returns per seat: ``[1.0, -1.0]`` when seat 0 won, ``[-1.0,
    /// 1.0]`` when seat 1 won, ``[0.0, 0.0]`` for a draw or an ongoing
    /// game.
    fn returns(&self) -> [f64; 2] {
        let status = self.game.status();
        [Seat::First, Seat::Second].map(|s| status.reward(s).map_or(0.0, |r| 2.0 * r - 1.0))
    }

    /// The position's 64-bit Zobrist hash.
    fn hash(&self) -> u64 {
        self.game.hash()
    }

    /// The board as text, with a line saying who is to move.
    fn render(&self) -> String {
        self.game.render()
    }

    fn __str__(&self) -> String {
        self.game.render()
    }

    fn __repr__(&self) -> String {
        format!("State({:?})", self.game.record().to_string())
    }

    /// A copy.
    fn clone(&self) -> State {
        State {
            game: self.game.clone_box(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The game as one line, ``SPEC: PLY PLY ...``; ``deserialize`` reads
    /// it back.
    fn serialize(&self) -> String {
        self.game.record().to_string()
    }

    /// Reads what ``serialize`` wrote (raises ``SpecError`` or
    /// ``IllegalPlyError``).
    #[staticmethod]
    fn deserialize(text: &str) -> PyResult<State> {
        deserialize(text)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = py.import("abstracta._abstracta")?.getattr("deserialize")?;
        Ok((f, (self.serialize(),)))
    }

    /// The observation tensor's shape ``(planes, rows, cols)``.
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [p, r, c] = self.game.observation_shape().ok_or_else(|| {
            action_err(RustActionError::NoEncoding {
                game: self.game.name(),
            })
        })?;
        Ok((p, r, c))
    }

    /// The observation as a float32 NumPy array of shape
    /// ``observation_shape()``: ``view="absolute"`` (the default) in
    /// Black's and White's planes, ``view="mover"`` from the side to move
    /// (its pieces first, the board turned so that it has Black's goal in
    /// the connection games and White's direction in Epaminondas). The
    /// planes of each game are in ``abstracta.OBSERVATION_LAYOUTS``.
    #[pyo3(signature = (view = "absolute"))]
    fn observation<'py>(&self, py: Python<'py>, view: &str) -> PyResult<Bound<'py, PyAny>> {
        let shape = self.observation_shape()?;
        let values = self.observation_values(view)?;
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let numpy = py.import("numpy")?;
        let flat = numpy.call_method1("frombuffer", (PyBytes::new(py, &bytes), "<f4"))?;
        flat.call_method1("reshape", (PyTuple::new(py, [shape.0, shape.1, shape.2])?,))?
            .call_method0("copy")
    }

    /// The observation as a flat list of floats (no NumPy needed); ``view``
    /// as for ``observation``.
    #[pyo3(signature = (view = "absolute"))]
    fn observation_list(&self, view: &str) -> PyResult<Vec<f32>> {
        self.observation_values(view)
    }

    /// Equal when the same game (spec) has the same plies played, as
    /// ``serialize()`` writes them; positions reached by different plies
    /// differ (compare ``hash()`` for the position alone).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<State>()
            .is_ok_and(|o| o.borrow().game.record() == self.game.record())
    }

    /// A hash of what ``__eq__`` compares (the spec and the plies). A
    /// ``State`` changes as it is played: do not play one that is a key of
    /// a dict or a member of a set.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.game.record().hash(&mut hasher);
        hasher.finish()
    }
}

/// Observations in either view (a helper of the Python methods).
impl State {
    fn observation_values(&self, view: &str) -> PyResult<Vec<f32>> {
        let mut values = Vec::new();
        self.game.observe(&mut values).map_err(action_err)?;
        match view {
            "absolute" => Ok(values),
            "mover" => {
                let [planes, rows, cols] = self.game.observation_shape().ok_or_else(|| {
                    action_err(RustActionError::NoEncoding {
                        game: self.game.name(),
                    })
                })?;
                let Some((_, colour)) = self.game.to_move() else {
                    // Nobody moves in a finished game: as seen from outside.
                    return Ok(values);
                };
                Ok(mover_view(self.game.name(), colour, values, [planes, rows, cols]))
            }
            other => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "unknown observation view {other:?}: expected \"absolute\" or \"mover\""
            ))),
        }
    }
}

/// The observation `values` of `game` with `mover` to move, from the
/// mover's side: see `OBSERVATION_LAYOUTS` in `abstracta/__init__.py`,
/// which documents it game by game.
fn mover_view(game: &str, mover: abstracta::Colour, values: Vec<f32>, shape: [usize; 3]) -> Vec<f32> {
    use abstracta::Colour::{Black, White};
    let [planes, rows, cols] = shape;
    let area = rows * cols;
    let plane = |p: usize| &values[p * area..(p + 1) * area];
    // Which source plane each plane of the view takes, and how the board
    // turns: `transpose` (rows and columns exchanged: left-right edges
    // become top-bottom ones) or `flip` (row r to row rows-1-r).
    let (order, transpose, flip): (Vec<usize>, bool, bool) = match (game, mover) {
        // White connects left and right: the transposed board gives it
        // Black's top and bottom.
        ("escabel", White) => (vec![1, 0, 3, 2, 4], true, false),
        ("whirlwind", White) => (vec![1, 0, 2], true, false),
        ("swack", White) => (vec![1, 0, 3, 2, 4], false, false),
        ("ecalper", White) => (vec![1, 0, 2, 3], false, false),
        ("epaminondas", White) => (vec![1, 0, 2, 3], false, false),
        // Black advances towards row 1: flipped, it advances up as White.
        ("epaminondas", Black) => ((0..planes).collect(), false, true),
        _ => ((0..planes).collect(), false, false),
    };
    let mut out = Vec::with_capacity(values.len());
    for &source in &order {
        let from = plane(source);
        for r in 0..rows {
            for c in 0..cols {
                let value = if transpose && rows == cols {
                    from[c * cols + r]
                } else if flip {
                    from[(rows - 1 - r) * cols + c]
                } else {
                    from[r * cols + c]
                };
                out.push(value);
            }
        }
    }
    out
}

/// Reads ``SPEC: PLY PLY ...`` (or just ``SPEC``), as ``State.serialize``
/// writes it.
#[pyfunction]
fn deserialize(text: &str) -> PyResult<State> {
    let (spec, plies) = text.trim().split_once(": ").unwrap_or((text.trim(), ""));
    let record = GameRecord::new(spec.trim(), plies.split_whitespace());
    abstracta::open_record(&record)
        .map(|game| State { game })
        .map_err(record_err)
}

/// The start position of ``spec`` (the same as ``State(spec)``).
#[pyfunction]
fn open(spec: &str) -> PyResult<State> {
    State::new(spec)
}

/// The names of the registered games (the toy ``tictactoe`` first).
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    abstracta::registry::game_names()
}

/// The five games of the collection, without the toy game.
#[pyfunction]
fn main_game_names() -> Vec<&'static str> {
    abstracta::registry::main_game_names()
}

/// The canonical form of ``spec``; raises ``SpecError``.
#[pyfunction]
fn canonical_spec(spec: &str) -> PyResult<String> {
    abstracta::registry::canonical_spec(spec).map_err(|e| SpecError::new_err(e.to_string()))
}

/// The options each registered game takes, by game name, in the order of
/// its spec keys: the board size (an ``int``, the game's default) for
/// ``size``, ``""`` (the game's default) for every other key.
#[pyfunction]
fn game_options(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    struct Defaults<'py>(Python<'py>);
    impl<'py> GameVisitor for Defaults<'py> {
        type Output = PyResult<Bound<'py, PyDict>>;
        fn visit<G: RegisteredGame>(self, options: G::Options) -> Self::Output {
            let keys = PyDict::new(self.0);
            for &key in <G::Options as GameOptions>::KEYS {
                match options.board_size() {
                    Some(size) if key == "size" => keys.set_item(key, size)?,
                    _ => keys.set_item(key, "")?,
                }
            }
            Ok(keys)
        }
    }
    let games = PyDict::new(py);
    for name in abstracta::registry::game_names() {
        let keys = with_game(name, Defaults(py)).map_err(|e| SpecError::new_err(e.to_string()))??;
        games.set_item(name, keys)?;
    }
    Ok(games)
}

/// One root child of a search.
#[pyclass(module = "abstracta", name = "Child", get_all, frozen)]
#[derive(Clone)]
struct Child {
    /// The ply, in notation.
    ply: String,
    /// Completed iterations through it.
    visits: u64,
    /// Mean reward for the seat to move (0..1).
    win_rate: f64,
    /// ``"win"``, ``"loss"`` or ``"draw"`` if proven, for the seat to move.
    proof: Option<String>,
}

#[pymethods]
impl Child {
    fn __repr__(&self) -> String {
        format!(
            "Child(ply={:?}, visits={}, win_rate={:.3}, proof={})",
            self.ply,
            self.visits,
            self.win_rate,
            self.proof
                .as_deref()
                .map_or("None".to_owned(), |p| format!("{p:?}"))
        )
    }
}

/// What a search found.
#[pyclass(module = "abstracta", name = "SearchResult", get_all, frozen)]
struct SearchResult {
    /// The ply to play, or ``None`` when the game is over.
    best: Option<String>,
    /// The expected reward of ``best`` for the seat to move (0..1).
    win_rate: f64,
    /// Root children, best first.
    children: Vec<Child>,
    /// Principal variation.
    pv: Vec<String>,
    /// Iterations run.
    iterations: u64,
    /// Tree nodes after the search.
    nodes: usize,
    /// Wall time in seconds.
    elapsed: f64,
    /// Iterations per second.
    iterations_per_sec: f64,
    /// Deepest node reached (plies below the root).
    max_depth: u32,
    /// The root's proven value for the seat to move, if proven.
    proof: Option<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .best
            .as_deref()
            .map_or("None".to_owned(), |b| format!("{b:?}"));
        format!(
            "SearchResult(best={best}, win_rate={:.3}, iterations={}, pv={:?})",
            self.win_rate, self.iterations, self.pv
        )
    }
}

impl From<RustResult<String>> for SearchResult {
    fn from(r: RustResult<String>) -> SearchResult {
        SearchResult {
            best: r.best,
            // An MCTS search always estimates its best ply.
            win_rate: r.win_rate.unwrap_or(0.5),
            children: r
                .children
                .into_iter()
                .map(|c| Child {
                    ply: c.ply,
                    visits: c.visits,
                    win_rate: c.win_rate,
                    proof: c.proof.map(|p| p.to_string()),
                })
                .collect(),
            pv: r.pv,
            iterations: r.iterations,
            nodes: r.nodes,
            elapsed: r.elapsed.as_secs_f64(),
            iterations_per_sec: r.iterations_per_sec,
            max_depth: r.max_depth,
            proof: r.proof.map(|p| p.to_string()),
        }
    }
}

/// A search of any in-process engine family, by its engine spec as
/// ``arena`` takes it (``"mcts:iters=2000,threads=2"``, ``"random"``; not
/// ``cmd:``). ``search(state)`` releases the GIL, so other Python threads
/// run meanwhile and ``stop()`` from one of them ends the search early
/// (or, when none runs yet, the next one to start).
#[pyclass(module = "abstracta", name = "Search", frozen, subclass)]
struct Search {
    spec: EngineSpec,
    engine: Mutex<Option<Box<dyn AnySearch>>>,
    stop: Mutex<Stop>,
}

/// How `stop()` reaches the search: the engine's handle once there is an
/// engine, else a stop kept for the first one.
#[derive(Default)]
struct Stop {
    handle: Option<StopHandle>,
    pending: bool,
}

impl Search {
    fn with_spec(spec: EngineSpec) -> Search {
        Search {
            spec,
            engine: Mutex::new(None),
            stop: Mutex::new(Stop::default()),
        }
    }
}

#[pymethods]
impl Search {
    /// A search with the engine spec ``engine``; raises ``OptionsError``
    /// for a bad spec or an external (``cmd:``) engine.
    #[new]
    fn new(engine: &str) -> PyResult<Search> {
        let spec = protocol::engine::search_spec(engine).map_err(|e| OptionsError::new_err(e.to_string()))?;
        Ok(Search::with_spec(spec))
    }

    /// The canonical engine spec.
    #[getter]
    fn options(&self) -> String {
        self.spec.to_string()
    }

    /// Searches ``state`` with the spec's budget and returns a
    /// ``SearchResult``. A family that keeps a tree or table keeps it
    /// while the states searched continue one game (``reset()`` drops
    /// it). Raises ``GameOverError`` for a finished game.
    fn search(&self, py: Python<'_>, state: &State) -> PyResult<SearchResult> {
        let game = state.game.clone_box();
        let result = py.allow_threads(|| {
            let mut engine = self.engine.lock().unwrap_or_else(|p| p.into_inner());
            if engine.as_ref().and_then(|e| e.game_name()) != Some(game.name()) {
                let fresh = game.searcher(&self.spec, 0)?;
                let handle = fresh.stop_handle();
                // A stop waiting for the next search waits for this
                // engine's (under the lock, so none slips between).
                let mut stop = self.stop.lock().unwrap_or_else(|p| p.into_inner());
                let waiting = std::mem::take(&mut stop.pending)
                    || stop.handle.as_ref().is_some_and(|h| h.withdraw_pending_stop());
                if waiting {
                    handle.stop_soon();
                }
                stop.handle = Some(handle);
                drop(stop);
                *engine = Some(fresh);
            }
            match engine.as_mut() {
                Some(e) => e.search(&*game),
                None => unreachable!("the engine was just set"),
            }
        });
        result.map(SearchResult::from).map_err(engine_err)
    }

    /// Drops the kept tree or table: the next search starts afresh.
    fn reset(&self, py: Python<'_>) {
        py.allow_threads(|| {
            if let Some(engine) = self.engine.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
                engine.reset();
            }
        })
    }

    /// Asks the running search to stop soon (from another thread); it
    /// returns what it found. When no search runs, the next search to
    /// start is stopped instead (it returns at once), so a stop right
    /// after starting the searching thread (``t.start(); m.stop()``) is
    /// never lost, whichever thread gets there first. A stop is used up
    /// by the one search it stops: a stop that reaches a running search
    /// does not stop the next one, but a stop given after a search ended
    /// does, even if it was meant for the one that ended.
    fn stop(&self) {
        let mut stop = self.stop.lock().unwrap_or_else(|p| p.into_inner());
        match &stop.handle {
            Some(handle) => handle.stop_soon(),
            None => stop.pending = true,
        }
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type().qualname()?;
        Ok(format!("{class}({:?})", slf.get().spec.to_string()))
    }
}

/// The parallel Monte Carlo tree search: a ``Search`` whose spec is the
/// MCTS options ``arena`` takes (``"mcts:iters=2000,threads=2"``,
/// ``"mcts:time=500ms"``; the ``mcts:`` prefix may be left out).
#[pyclass(module = "abstracta", name = "Mcts", frozen, extends = Search)]
struct Mcts;

#[pymethods]
impl Mcts {
    /// A search with ``options``; raises ``OptionsError`` for a bad spec.
    #[new]
    #[pyo3(signature = (options = "mcts"))]
    fn new(options: &str) -> PyResult<(Mcts, Search)> {
        let text = options.trim();
        let text = if text.to_ascii_lowercase().starts_with("mcts") {
            text.to_owned()
        } else {
            format!("mcts:{text}")
        };
        let options: MctsOptions = text
            .parse()
            .map_err(|e: abstracta::mcts::OptionsError| OptionsError::new_err(e.to_string()))?;
        Ok((Mcts, Search::with_spec(EngineSpec::Mcts(options))))
    }
}

/// The extension module.
#[pymodule]
fn _abstracta(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<State>()?;
    m.add_class::<Search>()?;
    m.add_class::<Mcts>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<Child>()?;
    m.add_function(wrap_pyfunction!(open, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(main_game_names, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_spec, m)?)?;
    m.add_function(wrap_pyfunction!(game_options, m)?)?;
    m.add("PROTOCOL_COMMANDS", protocol::COMMANDS.to_vec())?;
    m.add("AbstractaError", py.get_type::<AbstractaError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("IllegalPlyError", py.get_type::<IllegalPlyError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    m.add("OptionsError", py.get_type::<OptionsError>())?;
    m.add("SearchError", py.get_type::<SearchError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
