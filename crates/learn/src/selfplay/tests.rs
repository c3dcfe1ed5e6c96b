use super::*;
use crate::npz::read_npz;
use crate::{PuctSearch, UniformEvaluator};
use abstracta_core::actions::TicTacToeEncoding;
use abstracta_core::toy::TicTacToe;
use std::sync::Arc;

fn engine(
    g: u64,
    shared: Option<Arc<dyn Evaluator<TicTacToe>>>,
) -> Result<Box<dyn SelfPlayer<TicTacToe>>, String> {
    let options = format!("puct:model=uniform,iters=30,noise=0.25,temp=1,seed={g}")
        .parse()
        .unwrap();
    let evaluator = shared.unwrap_or_else(|| Arc::new(UniformEvaluator));
    let search: Box<dyn Search<TicTacToe>> = Box::new(PuctSearch::new(options, evaluator));
    Ok(Box::new(search))
}

#[test]
fn samples_round_trip_and_a_run_resumes() {
    let dir = std::env::temp_dir().join(format!("learn-selfplay-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let start = TicTacToe::new(Default::default());
    let info = run_info(&start, &TicTacToeEncoding, "puct:model=uniform,iters=30", 5, 2, 1);
    let selfplay = SelfPlay {
        info: info.clone(),
        shard: (1, 1),
        threads: 2,
        parallel_games: 1,
    };
    let summary = run(
        &selfplay,
        &start,
        &TicTacToeEncoding,
        &dir,
        &engine,
        None,
        &|_| {},
    )
    .unwrap();
    assert_eq!((summary.played, summary.chunks, summary.skipped), (5, 3, 0));
    let mut samples = 0;
    for k in 0..3 {
        let arrays = read_npz(fs::File::open(chunk_path(&dir, k, (1, 1))).unwrap()).unwrap();
        let n = arrays["value"].shape()[0];
        samples += n;
        assert_eq!(arrays["obs"].shape(), &[n, 3, 3, 3]);
        let (Array::F32 { data: policy, .. }, Array::U8 { data: legal, .. }) =
            (&arrays["policy"], &arrays["legal"])
        else {
            panic!("dtypes");
        };
        for i in 0..n {
            let row = &policy[i * 10..(i + 1) * 10];
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            // Policy targets put weight on legal actions only.
            assert!(row
                .iter()
                .zip(&legal[i * 10..(i + 1) * 10])
                .all(|(p, l)| *p == 0.0 || *l == 1));
        }
        let Array::F32 { data: value, .. } = &arrays["value"] else {
            panic!("dtype")
        };
        assert!(value.iter().all(|v| [-1.0, 0.0, 1.0].contains(v)));
        let Array::F32 {
            data: search_value,
            shape,
        } = &arrays["search_value"]
        else {
            panic!("dtype")
        };
        assert_eq!(shape, &[n]);
        assert!(search_value.iter().all(|v| (-1.0..=1.0).contains(v)));
    }
    assert_eq!(samples as u64, summary.samples);
    // A second run finds everything done; a lost chunk is made again,
    // the same as before.
    let before = fs::read(chunk_path(&dir, 1, (1, 1))).unwrap();
    fs::remove_file(chunk_path(&dir, 1, (1, 1))).unwrap();
    let again = run(
        &selfplay,
        &start,
        &TicTacToeEncoding,
        &dir,
        &engine,
        None,
        &|_| {},
    )
    .unwrap();
    assert_eq!((again.played, again.skipped, again.chunks), (2, 3, 1));
    assert_eq!(fs::read(chunk_path(&dir, 1, (1, 1))).unwrap(), before);
    // Another engine in the same folder is refused.
    let other = SelfPlay {
        info: RunInfo {
            engine: "random".into(),
            ..info
        },
        ..selfplay
    };
    assert!(matches!(
        run(&other, &start, &TicTacToeEncoding, &dir, &engine, None, &|_| {}),
        Err(SelfPlayError::OtherRun { .. })
    ));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gumbel_self_play_writes_its_improved_policy() {
    let dir = std::env::temp_dir().join(format!("learn-selfplay-gumbel-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let start = TicTacToe::new(Default::default());
    let spec = "gumbel:model=uniform,iters=16,k=4";
    let selfplay = SelfPlay {
        info: run_info(&start, &TicTacToeEncoding, spec, 2, 2, 1),
        shard: (1, 1),
        threads: 1,
        parallel_games: 1,
    };
    let engine = |g: u64,
                  _: Option<Arc<dyn Evaluator<TicTacToe>>>|
     -> Result<Box<dyn SelfPlayer<TicTacToe>>, String> {
        let options = format!("{spec},seed={g}").parse().unwrap();
        Ok(Box::new(crate::GumbelSearch::new(
            options,
            Arc::new(UniformEvaluator),
        )))
    };
    run(
        &selfplay,
        &start,
        &TicTacToeEncoding,
        &dir,
        &engine,
        None,
        &|_| {},
    )
    .unwrap();
    let arrays = read_npz(fs::File::open(chunk_path(&dir, 0, (1, 1))).unwrap()).unwrap();
    let (Array::F32 { data: policy, .. }, Array::U8 { data: legal, .. }) =
        (&arrays["policy"], &arrays["legal"])
    else {
        panic!("dtypes");
    };
    let n = arrays["value"].shape()[0];
    for i in 0..n {
        let row = &policy[i * 10..(i + 1) * 10];
        let mask = &legal[i * 10..(i + 1) * 10];
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        // The improved policy covers every legal ply (unvisited ones
        // keep their prior's share), and nothing else.
        assert!(
            row.iter().zip(mask).all(|(p, l)| (*p > 0.0) == (*l == 1)),
            "{row:?}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The chunk files of `dir`, by name.
fn chunk_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "npz"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn games_played_at_once_write_the_same_chunks_in_fuller_batches() {
    let base = std::env::temp_dir().join(format!("learn-selfplay-parallel-{}", std::process::id()));
    let _ = fs::remove_dir_all(&base);
    let start = TicTacToe::new(Default::default());
    let knowledge: Arc<dyn Evaluator<TicTacToe>> = Arc::new(crate::KnowledgeEvaluator::new(
        abstracta_core::toy::TicTacToeKnowledge,
    ));
    // Gumbel (its improved policy) and PUCT (visits, noise,
    // temperature) over the game's knowledge, batch=1 so that one game
    // alone gives batches of one.
    for spec in ["puct:iters=24,noise=0.25,temp=1,batch=1", "gumbel:iters=12,k=4"] {
        let engine = |g: u64, shared: Option<Arc<dyn Evaluator<TicTacToe>>>| {
            let evaluator = shared.unwrap_or_else(|| Arc::clone(&knowledge));
            let player: Box<dyn SelfPlayer<TicTacToe>> = if spec.starts_with("gumbel") {
                let options = format!("{spec},seed={g}").parse().unwrap();
                Box::new(crate::GumbelSearch::new(options, evaluator))
            } else {
                let options = format!("{spec},seed={g}").parse().unwrap();
                let search: Box<dyn Search<TicTacToe>> = Box::new(PuctSearch::new(options, evaluator));
                Box::new(search)
            };
            Ok(player)
        };
        let info = run_info(&start, &TicTacToeEncoding, spec, 11, 3, 1);
        let one = SelfPlay {
            info,
            shard: (1, 1),
            threads: 1,
            parallel_games: 1,
        };
        let (dir_one, dir_many) = (base.join("one"), base.join("many"));
        let alone = run(
            &one,
            &start,
            &TicTacToeEncoding,
            &dir_one,
            &engine,
            Some(Arc::clone(&knowledge)),
            &|_| {},
        )
        .unwrap();
        let many = SelfPlay {
            threads: 2,
            parallel_games: 3,
            ..one.clone()
        };
        let together = run(
            &many,
            &start,
            &TicTacToeEncoding,
            &dir_many,
            &engine,
            Some(Arc::clone(&knowledge)),
            &|_| {},
        )
        .unwrap();
        assert_eq!((together.played, together.chunks), (11, 4));
        assert_eq!(together.samples, alone.samples);
        // Byte for byte the files of one game at a time.
        assert_eq!(chunk_files(&dir_many), chunk_files(&dir_one), "{spec}");
        assert_eq!(together.evaluated_positions, alone.evaluated_positions);
        let mean = |s: Summary| s.evaluated_positions as f64 / s.evaluator_batches as f64;
        assert!(mean(together) > 1.5 * mean(alone), "{together:?} {alone:?}");
        // Resumed with games at once: the lost chunks are made again,
        // the same.
        for k in [0, 2] {
            fs::remove_file(chunk_path(&dir_many, k, (1, 1))).unwrap();
        }
        let again = run(
            &many,
            &start,
            &TicTacToeEncoding,
            &dir_many,
            &engine,
            Some(Arc::clone(&knowledge)),
            &|_| {},
        )
        .unwrap();
        assert_eq!((again.played, again.skipped, again.chunks), (6, 5, 2));
        assert_eq!(chunk_files(&dir_many), chunk_files(&dir_one), "{spec}");
        // Every sample's policy is on legal plies and sums to 1.
        for k in 0..4 {
            let arrays = read_npz(fs::File::open(chunk_path(&dir_many, k, (1, 1))).unwrap()).unwrap();
            let (Array::F32 { data: policy, .. }, Array::U8 { data: legal, .. }) =
                (&arrays["policy"], &arrays["legal"])
            else {
                panic!("dtypes");
            };
            for (row, mask) in policy.chunks(10).zip(legal.chunks(10)) {
                assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
                assert!(row.iter().zip(mask).all(|(p, l)| *p == 0.0 || *l == 1));
            }
        }
        fs::remove_dir_all(&base).unwrap();
    }
}
