//! `arena analysis`: a JSON analysis engine. One query per line on stdin,
//! one answer per line on stdout, several queries searched at once, each
//! answer tagged with its query's id (see docs/analysis.md).
//!
//! Every search here, and those of `arena analyze --json` and
//! `arena openings`, is the library's run-time search
//! ([`AnySearch`], which the Python module uses too:
//! see [`searcher`]) of any in-process family
//! (`mcts`, `random`, ...; not `cmd:`) and is reported by [`search_json`].
//!
//! ```
//! let input = r#"{"id": "a", "spec": "tictactoe", "plies": "b2", "iterations": 200}
//! not json
//! "#;
//! let mut out = Vec::new();
//! server::analysis::serve(input.as_bytes(), &mut out, &Default::default());
//! let answers: Vec<serde_json::Value> = String::from_utf8(out)
//!     .unwrap()
//!     .lines()
//!     .map(|l| serde_json::from_str(l).unwrap())
//!     .collect();
//! assert_eq!(answers.len(), 2);
//! let a = answers.iter().find(|a| a["id"] == "a").unwrap();
//! assert_eq!(a["iterations"], 200);
//! assert!(answers.iter().any(|a| a["id"].is_null() && a["error"].is_string()));
//! ```

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use abstracta::error::Excerpt;
use abstracta::player::{EngineError, OptionError};
use abstracta::search::{Budget, SearchResult, StopHandle, MAX_THREADS};
use abstracta::{AnyGame, AnySearch, Registry};
use protocol::engine::{search_spec, searcher, Overrides, SearchEngineError};
use protocol::lines::{read_bounded_line, BoundedLine};
use serde::Deserialize;
use serde_json::{json, Value};

/// The engine of a query that names none: a fixed number of iterations,
/// so that answers do not depend on the machine's speed.
pub const DEFAULT_ANALYSIS_ENGINE: &str = "mcts:iters=10000";

/// What `arena analysis --help` adds: the query and answer fields.
pub const HELP: &str = r#"Each input line is one JSON query:
  {"id": "q1", "spec": "escabel:size=7", "plies": "d4 c3", "iterations": 5000,
   "children": 5, "turns": [0, 2], "engine": "mcts:rave=off", "threads": 1, "seed": 1}
Only id and spec are needed: plies (a string or a list, at most 10000) default
to none, turns (plies counts to analyse, one answer each, at most 1000) to the
whole list, engine (any but cmd:, e.g. random) to mcts:iters=10000; iterations
and time (seconds) replace the engine's budget; threads is 1 to 1024.
Each answer is one JSON line, in order of completion, tagged with id and turn:
best, win_rate (of the side to move), proof, pv, children (ply, visits,
win_rate, proof), iterations, nodes, max_depth, time_ms, terminated.
{"id": "t", "action": "terminate", "terminate_id": "q1"} stops q1 (its searches
answer with what they found); {"id": "t", "action": "terminate_all"} stops all.
A bad line (or one longer than 1 MiB) is answered {"id": ID or null, "error":
MESSAGE}. At the end of the input arena waits for the searches running and
exits."#;

/// How many children an answer lists when the query does not say.
pub const DEFAULT_CHILDREN: usize = 10;

/// The longest query line read, in bytes; a longer line is answered with
/// an error and skipped without being kept in memory.
pub const MAX_QUERY_LINE: usize = 1024 * 1024;

/// The most plies a query may give.
pub const MAX_PLIES: usize = 10_000;

/// The most positions (`turns` entries) one query may ask for.
pub const MAX_TURNS: usize = 1_000;

/// The most positions waiting for a search at once; a query that would
/// exceed it is answered with an error (send it again once answers come).
pub const MAX_WAITING_POSITIONS: usize = 10_000;

/// The most queries searched at once (`--max-queries-at-once`): each is a
/// thread of its own.
pub const MAX_QUERIES_AT_ONCE: usize = abstracta::search::MAX_THREADS;

/// A search result as JSON: the best ply, the win rate of the seat to
/// move, the proof, the principal variation, the first `children` root
/// children in the search's order, best first (ply, visits, win rate,
/// proof), and the counters. A family without statistics (`random`) gives
/// `null` win rate and proof, empty `pv` and `children`, zero counters.
pub fn search_json(game: &dyn AnyGame, result: &SearchResult<String>, children: usize) -> Value {
    // The search's order: best first (a proven win before more visited
    // plies, a proven loss last).
    let shown = &result.children[..children.min(result.children.len())];
    json!({
        "spec": game.spec(),
        "plies_played": game.plies_played(),
        "to_move": game.to_move().map(|(seat, colour)| json!({"seat": seat.name(), "colour": colour.name()})),
        "best": result.best,
        "win_rate": result.win_rate,
        "proof": result.proof.map(|p| p.to_string()),
        "pv": result.pv,
        "children": shown.iter().map(|c| json!({
            "ply": c.ply,
            "visits": c.visits,
            "win_rate": c.win_rate,
            "proof": c.proof.map(|p| p.to_string()),
        })).collect::<Vec<_>>(),
        "iterations": result.iterations,
        "nodes": result.nodes,
        "max_depth": result.max_depth,
        "time_ms": (result.elapsed.as_secs_f64() * 1e6).round() / 1000.0,
    })
}

/// Why a query cannot be searched.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The line is not a JSON object of the expected fields.
    #[error("bad query: {0}")]
    Query(String),
    /// The engine spec does not parse, names an external (`cmd:`)
    /// engine, or its family refuses one of the query's overrides.
    #[error("{0}")]
    Engine(#[from] SearchEngineError),
    /// The spec or the plies are wrong.
    #[error("{0}")]
    Position(String),
}

/// The options of `arena analysis`.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// Search threads of a query whose engine names none.
    pub threads: usize,
    /// Queries (positions) searched at once (1 to [`MAX_QUERIES_AT_ONCE`];
    /// [`serve`] uses at most that many).
    pub max_queries: usize,
    /// The games queries may name (the standard ones by default).
    pub registry: Registry,
}

impl Default for AnalysisOptions {
    /// One thread per search, as many searches at once as cores.
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            threads: 1,
            max_queries: std::thread::available_parallelism().map_or(1, |n| n.get()),
            registry: Registry::standard(),
        }
    }
}

/// Plies as a string (`"b2 a1"`) or a list (`["b2", "a1"]`).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Plies {
    Text(String),
    List(Vec<String>),
}

/// One query line (all fields but `id` optional).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Query {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    action: Option<String>,
    #[serde(default)]
    spec: Option<String>,
    #[serde(default)]
    plies: Option<Plies>,
    #[serde(default)]
    turns: Option<Vec<usize>>,
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    iterations: Option<u64>,
    #[serde(default)]
    time: Option<f64>,
    #[serde(default)]
    threads: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    children: Option<usize>,
    #[serde(default)]
    terminate_id: Option<Value>,
}

const QUERY_FIELDS: &str = "expected a JSON object with id (a string or number), spec, and optionally \
plies, turns, engine, iterations, time, threads, seed, children, or action (analyze, terminate with \
terminate_id, terminate_all)";

/// What stops a query's searches: a flag that keeps unstarted searches
/// from starting, and the handles of the running ones.
#[derive(Debug, Default)]
struct Cancel {
    /// Set under the lock of `running`, so a search either sees it or is
    /// in `running` when the stopper looks.
    cancelled: AtomicBool,
    running: Mutex<Vec<(u64, StopHandle)>>,
}

impl Cancel {
    fn cancel(self: &Arc<Cancel>) {
        {
            let _running = lock(&self.running);
            self.cancelled.store(true, Ordering::SeqCst);
        }
        // A stop asked for just before a search starts is lost (the search
        // was not running yet), so keep asking until the searches are done.
        let me = self.clone();
        std::thread::spawn(move || loop {
            {
                let running = lock(&me.running);
                if running.is_empty() {
                    return;
                }
                for (_, handle) in running.iter() {
                    handle.stop();
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        });
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One position to search.
struct Job {
    id: Value,
    key: String,
    /// Plies from the start (the `turns` entry).
    turn: usize,
    game: Box<dyn AnyGame>,
    /// The search, its overrides applied.
    search: Box<dyn AnySearch>,
    children: usize,
    cancel: Arc<Cancel>,
    serial: u64,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    closed: bool,
}

/// What the reader and the workers share.
struct Shared<W> {
    out: Mutex<W>,
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Queries in flight by id: their cancel and the positions left.
    in_flight: Mutex<HashMap<String, (Arc<Cancel>, usize)>>,
}

impl<W: Write> Shared<W> {
    /// Writes one answer line; a closed output is ignored (the queries
    /// still run to their end, and EOF on input ends the engine).
    fn answer(&self, value: &Value) {
        let line = value.to_string() + "\n";
        let mut out = lock(&self.out);
        let _ = out.write_all(line.as_bytes()).and_then(|_| out.flush());
    }

    fn finished(&self, key: &str) {
        let mut in_flight = lock(&self.in_flight);
        if let Some((_, left)) = in_flight.get_mut(key) {
            *left -= 1;
            if *left == 0 {
                in_flight.remove(key);
            }
        }
    }
}

fn error_answer(id: &Value, message: impl std::fmt::Display) -> Value {
    json!({"id": id, "error": message.to_string()})
}

/// Reads queries from `input` until it ends and answers them on `output`,
/// then waits for the searches still running and returns. Never fails: a
/// bad line is answered with `{"id": ..., "error": ...}` (the id is null
/// when the line has none).
pub fn serve<R: BufRead, W: Write + Send>(input: R, output: W, options: &AnalysisOptions) {
    let shared = Shared {
        out: Mutex::new(output),
        queue: Mutex::new(Queue::default()),
        ready: Condvar::new(),
        in_flight: Mutex::new(HashMap::new()),
    };
    let workers = options.max_queries.clamp(1, MAX_QUERIES_AT_ONCE);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| work(&shared));
        }
        read_queries(input, &shared, options);
        lock(&shared.queue).closed = true;
        shared.ready.notify_all();
    });
}

fn read_queries<R: BufRead, W: Write>(mut input: R, shared: &Shared<W>, options: &AnalysisOptions) {
    let mut serial = 0u64;
    let mut line = Vec::new();
    loop {
        match read_bounded_line(&mut input, &mut line, MAX_QUERY_LINE) {
            Ok(BoundedLine::End) => return,
            Ok(BoundedLine::Line) => {}
            Ok(BoundedLine::TooLong { bytes }) => {
                shared.answer(&error_answer(
                    &Value::Null,
                    format!(
                        "bad query: the line has {bytes} bytes; a query line has at most {MAX_QUERY_LINE}"
                    ),
                ));
                continue;
            }
            Err(e) => {
                shared.answer(&error_answer(
                    &Value::Null,
                    format!("reading the input failed: {e}"),
                ));
                return;
            }
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if let Err((id, message)) = handle_line(text.trim(), shared, options, &mut serial) {
            shared.answer(&error_answer(&id, message));
        }
    }
}

/// The id of a query object, if it has a usable one.
fn id_of(value: &Value) -> Value {
    match value.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    }
}

fn handle_line<W: Write>(
    text: &str,
    shared: &Shared<W>,
    options: &AnalysisOptions,
    serial: &mut u64,
) -> Result<(), (Value, String)> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| (Value::Null, format!("bad query: not JSON ({e}); {QUERY_FIELDS}")))?;
    let id = id_of(&value);
    let fail = |message: String| (id.clone(), message);
    let query: Query =
        serde_json::from_value(value.clone()).map_err(|e| fail(format!("bad query: {e}; {QUERY_FIELDS}")))?;
    if !matches!(query.id, Value::String(_) | Value::Number(_)) {
        return Err(fail(format!("bad query: no id; {QUERY_FIELDS}")));
    }
    let key = query.id.to_string();
    match query.action.as_deref().unwrap_or("analyze") {
        "analyze" | "analyse" => {}
        "terminate" => {
            let target = query
                .terminate_id
                .ok_or_else(|| fail("bad query: terminate needs terminate_id, the id to stop".into()))?;
            let found = lock(&shared.in_flight)
                .get(&target.to_string())
                .map(|(c, _)| c.clone());
            if let Some(cancel) = &found {
                cancel.cancel();
            }
            shared.answer(&json!({
                "id": query.id, "action": "terminate", "terminate_id": target, "found": found.is_some(),
            }));
            return Ok(());
        }
        "terminate_all" => {
            let all: Vec<Arc<Cancel>> = lock(&shared.in_flight).values().map(|(c, _)| c.clone()).collect();
            for cancel in &all {
                cancel.cancel();
            }
            shared.answer(&json!({"id": query.id, "action": "terminate_all", "terminated": all.len()}));
            return Ok(());
        }
        other => {
            return Err(fail(format!(
                "bad query: unknown action {other:?}; expected analyze, terminate or terminate_all"
            )))
        }
    }
    let jobs = jobs_of(query, &key, options, serial).map_err(|e| fail(e.to_string()))?;
    // Only this thread adds jobs, so the room seen here is there below.
    let waiting = queue_len(shared);
    if waiting + jobs.len() > MAX_WAITING_POSITIONS {
        return Err(fail(format!(
            "too many positions waiting ({waiting} and this query's {}; at most {MAX_WAITING_POSITIONS}): \
             send it again once answers have come",
            jobs.len()
        )));
    }
    {
        let mut in_flight = lock(&shared.in_flight);
        if in_flight.contains_key(&key) {
            return Err(fail(format!(
                "bad query: id {key} is already being analysed; wait for its answers or use another id"
            )));
        }
        let cancel = jobs[0].cancel.clone();
        in_flight.insert(key, (cancel, jobs.len()));
    }
    lock(&shared.queue).jobs.extend(jobs);
    shared.ready.notify_all();
    Ok(())
}

fn queue_len<W>(shared: &Shared<W>) -> usize {
    lock(&shared.queue).jobs.len()
}

/// The positions a query asks for, checked: the spec, every ply, the
/// engine and the budget.
fn jobs_of(
    query: Query,
    key: &str,
    options: &AnalysisOptions,
    serial: &mut u64,
) -> Result<Vec<Job>, AnalysisError> {
    let spec = query
        .spec
        .ok_or_else(|| AnalysisError::Query(format!("no spec; {QUERY_FIELDS}")))?;
    let plies: Vec<String> = match query.plies {
        None => Vec::new(),
        Some(Plies::List(list)) => list,
        Some(Plies::Text(text)) => text
            .split([' ', ',', '\t'])
            .filter(|w| !w.is_empty())
            .take(MAX_PLIES + 1)
            .map(str::to_owned)
            .collect(),
    };
    if plies.len() > MAX_PLIES {
        return Err(AnalysisError::Query(format!(
            "too many plies: a query gives at most {MAX_PLIES}"
        )));
    }
    let engine = query.engine.as_deref().unwrap_or(DEFAULT_ANALYSIS_ENGINE);
    let engine_spec = search_spec(engine)?;
    let time = match query.time {
        Some(t) if t.is_finite() && t > 0.0 && t < 1e6 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(AnalysisError::Query(format!(
                "bad time {t}: expected seconds above 0"
            )))
        }
        None => None,
    };
    if query.iterations == Some(0) {
        return Err(AnalysisError::Query(
            "bad iterations 0: expected at least 1".into(),
        ));
    }
    if query.threads == Some(0) {
        return Err(AnalysisError::Query("bad threads 0: expected 1 to 1024".into()));
    }
    // The query's budget (either part) replaces the engine spec's.
    let overrides = Overrides {
        budget: Budget {
            iterations: query.iterations,
            time,
        },
        threads: query.threads,
        seed: query.seed,
    };
    // Without a threads field or threads= in the spec, `--threads`; a
    // family without threads (random) goes without.
    let names_threads = engine
        .split([':', ','])
        .any(|w| w.trim().to_ascii_lowercase().starts_with("threads="));
    let default_threads =
        (query.threads.is_none() && !names_threads).then(|| options.threads.clamp(1, MAX_THREADS));
    let turns = query.turns.unwrap_or_else(|| vec![plies.len()]);
    if turns.len() > MAX_TURNS {
        return Err(AnalysisError::Query(format!(
            "too many turns ({}): a query asks for at most {MAX_TURNS} positions",
            turns.len()
        )));
    }
    if turns.is_empty() {
        return Err(AnalysisError::Query(
            "turns is empty: expected plies counts to analyse".into(),
        ));
    }
    if let Some(bad) = turns.iter().find(|&&t| t > plies.len()) {
        return Err(AnalysisError::Query(format!(
            "bad turn {bad}: the query has only {} plies",
            plies.len()
        )));
    }
    // Every ply is checked; only the positions asked for are kept.
    let mut game = options
        .registry
        .open(&spec)
        .map_err(|e| AnalysisError::Position(e.to_string()))?;
    let wanted: std::collections::HashSet<usize> = turns.iter().copied().collect();
    let mut positions = HashMap::new();
    for i in 0..=plies.len() {
        if wanted.contains(&i) {
            positions.insert(i, game.clone_box());
        }
        if let Some(ply) = plies.get(i) {
            game.play(ply)
                .map_err(|e| AnalysisError::Position(format!("ply {} ({}): {e}", i + 1, Excerpt(ply))))?;
        }
    }
    let cancel = Arc::new(Cancel::default());
    let jobs: Result<Vec<Job>, AnalysisError> = turns
        .into_iter()
        .map(|turn| {
            let game = positions[&turn].clone_box();
            let mut search = searcher(&*game, &engine_spec, &overrides)?;
            if let Some(threads) = default_threads {
                set_default_threads(&mut *search, threads)?;
            }
            *serial += 1;
            Ok(Job {
                id: query.id.clone(),
                key: key.to_owned(),
                turn,
                game,
                search,
                children: query.children.unwrap_or(DEFAULT_CHILDREN),
                cancel: cancel.clone(),
                serial: *serial,
            })
        })
        .collect();
    // A family with threads refuses too many itself (naming its option);
    // one without (random) must not be handed an absurd count either.
    if let Some(threads) = query.threads.filter(|&t| t > MAX_THREADS) {
        jobs?;
        return Err(AnalysisError::Query(format!(
            "bad threads {threads}: expected 1 to {MAX_THREADS}"
        )));
    }
    jobs
}

/// Sets `arena analysis --threads` on a search whose spec and query name
/// no threads; a family that has no `threads` option goes without.
fn set_default_threads(search: &mut dyn AnySearch, threads: usize) -> Result<(), AnalysisError> {
    match search.set_option("threads", &threads.to_string()) {
        Ok(())
        | Err(EngineError::BadOption {
            source: OptionError::Unknown { .. },
            ..
        }) => Ok(()),
        Err(e) => Err(AnalysisError::Engine(SearchEngineError::Override {
            family: search.family(),
            what: format!("threads={threads} (--threads)"),
            source: Box::new(e),
        })),
    }
}

fn work<W: Write>(shared: &Shared<W>) {
    loop {
        let mut job = {
            let mut queue = lock(&shared.queue);
            loop {
                if let Some(job) = queue.jobs.pop_front() {
                    break job;
                }
                if queue.closed {
                    return;
                }
                queue = shared.ready.wait(queue).unwrap_or_else(|p| p.into_inner());
            }
        };
        let mut answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_job(&mut job)))
            .unwrap_or_else(|_| error_answer(&job.id, "internal error: the search failed"));
        // A search that panicked is not running any more either.
        lock(&job.cancel.running).retain(|(s, _)| *s != job.serial);
        answer["turn"] = json!(job.turn);
        // Out of flight before its last answer is out, so that a client
        // may reuse the id as soon as it has read that answer.
        shared.finished(&job.key);
        shared.answer(&answer);
    }
}

fn run_job(job: &mut Job) -> Value {
    let status = job.game.status();
    if status.is_finished() {
        return error_answer(
            &job.id,
            format!(
                "the game is over ({status}) after {} plies; there is nothing to analyse",
                job.turn
            ),
        );
    }
    // Its stop handle is registered before it starts.
    let search = &mut job.search;
    {
        let mut running = lock(&job.cancel.running);
        if job.cancel.cancelled.load(Ordering::SeqCst) {
            let mut answer = error_answer(&job.id, "terminated before its search started");
            answer["terminated"] = json!(true);
            return answer;
        }
        // Registered under the lock: a cancel from now on stops it.
        running.push((job.serial, search.stop_handle()));
    }
    let result = search.search(&*job.game);
    lock(&job.cancel.running).retain(|(s, _)| *s != job.serial);
    match result {
        Ok(result) => {
            let mut answer = search_json(&*job.game, &result, job.children);
            answer["id"] = job.id.clone();
            answer["terminated"] = json!(job.cancel.cancelled.load(Ordering::SeqCst));
            answer
        }
        Err(e) => error_answer(&job.id, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta::player::EngineSpec;

    /// The answers to `input` (one query a line), by id.
    fn answers(input: &str) -> HashMap<String, Value> {
        let mut out = Vec::new();
        let options = AnalysisOptions {
            max_queries: 2,
            ..AnalysisOptions::default()
        };
        serve(input.as_bytes(), &mut out, &options);
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|a| (a["id"].as_str().unwrap_or("").to_owned(), a))
            .collect()
    }

    fn without_time(mut v: Value) -> Value {
        v.as_object_mut().unwrap().remove("time_ms");
        v
    }

    #[test]
    fn an_mcts_answer_is_the_search_of_its_spec_with_the_query_fields_set() {
        let got = answers(
            r#"{"id": "m", "spec": "tictactoe", "plies": "b2", "engine": "mcts:time=1m,rave=off", "iterations": 400, "seed": 9}"#,
        );
        // What the analysis engine searched before it took any family:
        // the spec's options with the query's fields written into them.
        let mut options = match "mcts:time=1m,rave=off".parse::<EngineSpec>().unwrap() {
            EngineSpec::Mcts(o) => o,
            other => panic!("{other:?}"),
        };
        options.iterations = Some(400);
        options.time = None;
        options.threads = 1;
        options.seed = 9;
        let mut game = abstracta::open("tictactoe").unwrap();
        game.play("b2").unwrap();
        let result = game
            .searcher(&EngineSpec::Mcts(options), 0)
            .unwrap()
            .search(&*game)
            .unwrap();
        let mut expected = search_json(&*game, &result, DEFAULT_CHILDREN);
        expected["id"] = json!("m");
        expected["terminated"] = json!(false);
        expected["turn"] = json!(1);
        // Both as the text the engine writes, read back the same way.
        let expected: Value = serde_json::from_str(&expected.to_string()).unwrap();
        assert_eq!(without_time(got["m"].clone()), without_time(expected));
    }

    #[test]
    fn the_query_budget_sets_both_limits() {
        let got = answers(r#"{"id": "b", "spec": "escabel:size=5", "iterations": 300, "time": 600}"#);
        assert_eq!(got["b"]["iterations"], 300, "{}", got["b"]);
    }

    #[test]
    fn random_answers_with_a_legal_ply() {
        let input = [
            r#"{"id": "r", "spec": "tictactoe", "plies": ["b2"], "engine": "random", "seed": 4, "threads": 2, "time": 1}"#,
            r#"{"id": "s", "spec": "tictactoe", "plies": ["b2"], "engine": "random", "seed": 4}"#,
        ]
        .join("\n");
        let got = answers(&input);
        let mut game = abstracta::open("tictactoe").unwrap();
        game.play("b2").unwrap();
        let best = got["r"]["best"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", got["r"]));
        assert!(game.is_legal(best));
        assert_eq!(got["r"]["best"], got["s"]["best"], "the same seed, the same ply");
        assert!(got["r"]["win_rate"].is_null() && got["r"]["pv"] == json!([]));
    }

    #[test]
    fn refused_engines_and_overrides_name_the_family_and_the_key() {
        let input = [
            r#"{"id": "cmd", "spec": "tictactoe", "engine": "cmd:./my-engine"}"#,
            r#"{"id": "unknown", "spec": "tictactoe", "engine": "minimax:depth=3"}"#,
            r#"{"id": "threads", "spec": "tictactoe", "engine": "mcts", "threads": 5000}"#,
        ]
        .join("\n");
        let got = answers(&input);
        let error = |id: &str| {
            got[id]["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{}", got[id]))
                .to_owned()
        };
        let cmd = error("cmd");
        assert!(
            cmd.contains("\"cmd:./my-engine\"") && cmd.contains("external (cmd:)"),
            "{cmd}"
        );
        assert!(cmd.contains("random") && cmd.contains("mcts[:OPTIONS]"), "{cmd}");
        assert!(
            error("unknown").contains("unknown engine kind \"minimax\""),
            "{}",
            error("unknown")
        );
        let threads = error("threads");
        assert!(
            threads.contains("the mcts engine cannot take the threads=5000")
                && threads.contains("\"threads\""),
            "{threads}"
        );
    }
}
