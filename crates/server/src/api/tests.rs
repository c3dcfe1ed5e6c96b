use super::*;
use view::position::last_turn;

fn post(state: &State, path: &str, body: &Value) -> (u16, Value) {
    let reply = handle(state, "POST", path, body.to_string().as_bytes());
    (reply.status, serde_json::from_slice(&reply.body).unwrap())
}

#[test]
fn the_last_turn_holds_every_ply_of_the_last_mover() {
    let mut game = abstracta::open("ecalper:size=3").unwrap();
    game.play_list("a1 b1 c1 xb1 a2").unwrap();
    let plies: Vec<Value> = last_turn(&*game).iter().map(|p| p["ply"].clone()).collect();
    assert_eq!(plies, [json!("xb1"), json!("a2")]);
    let mut game = abstracta::open("escabel:size=5").unwrap();
    assert!(last_turn(&*game).is_empty());
    game.play_list("c3 b2").unwrap();
    assert_eq!(last_turn(&*game).len(), 1);
}

#[test]
fn hosts() {
    let loopback = HostCheck::new("127.0.0.1".parse().unwrap(), Vec::new());
    for good in [
        "localhost:8080",
        "127.0.0.1:1",
        "[::1]:80",
        "LOCALHOST",
        "127.0.0.1",
        "127.0.0.2",
    ] {
        assert!(loopback.allows(good), "{good}");
    }
    for bad in [
        "evil.example:8080",
        "",
        "[::2]:80",
        "localhost.evil",
        "localhost:x",
        "a b",
        "10.0.0.1",
    ] {
        assert!(!loopback.allows(bad), "{bad}");
    }
    let other = HostCheck::new("127.0.0.2".parse().unwrap(), vec!["Box.Lan".into()]);
    assert!(other.allows("127.0.0.2:9000") && other.allows("box.lan:1") && other.allows("localhost"));
    assert!(!other.allows("evil.example"));
    let any = HostCheck::new("0.0.0.0".parse().unwrap(), Vec::new());
    assert!(any.allows("192.0.2.7:8080") && any.allows("[2001:db8::1]:80") && any.allows("localhost"));
    assert!(!any.allows("rebound.example:8080"));
    assert!(any.refusal().message.contains("--allow-host"));
}

#[test]
fn requests_that_start_work_are_same_origin_json() {
    let s = State::new(
        Path::new("/nonexistent-runs"),
        Limits::default(),
        "127.0.0.1:9".parse().unwrap(),
    );
    let json = Some("application/json; charset=utf-8");
    let headers = |origin, content_type, fetch_site| RequestHeaders {
        host: Some("127.0.0.1:9"),
        origin,
        content_type,
        fetch_site,
    };
    let status = |method, h: RequestHeaders<'_>| check_request(&s, method, &h).err().map(|e| e.status);
    assert_eq!(status("POST", headers(None, json, None)), None);
    assert_eq!(
        status(
            "POST",
            headers(Some("http://127.0.0.1:9"), json, Some("same-origin"))
        ),
        None
    );
    assert_eq!(
        status("POST", headers(Some("http://evil.example"), json, None)),
        Some(403)
    );
    assert_eq!(status("POST", headers(Some("null"), json, None)), Some(403));
    assert_eq!(status("POST", headers(None, json, Some("cross-site"))), Some(403));
    assert_eq!(status("POST", headers(None, Some("text/plain"), None)), Some(415));
    assert_eq!(status("POST", headers(None, None, None)), Some(415));
    assert_eq!(
        status("GET", headers(Some("http://evil.example"), None, None)),
        None
    );
    let foreign = RequestHeaders {
        host: Some("evil.example"),
        ..RequestHeaders::default()
    };
    assert_eq!(status("GET", foreign), Some(421));
    assert_eq!(since("/api/runs/a?since=12").unwrap(), Some(12));
    assert_eq!(since("/api/runs/a").unwrap(), None);
    assert_eq!(since("/api/runs/a?since=x").unwrap_err().status, 400);
}

#[test]
fn engine_caps() {
    let limits = Limits::default();
    assert!(checked_engine(&limits, "random").is_ok());
    assert!(checked_engine(&limits, "mcts:iters=1000").is_ok());
    assert!(checked_engine(&limits, "mcts:time=1s").is_ok());
    assert!(checked_engine(&limits, "alphabeta:depth=20").is_ok());
    assert!(checked_engine(&limits, "pns").is_ok());
    assert!(checked_engine(&limits, "pns:graph=1000000").is_ok());
    assert!(checked_engine(&limits, "best:time=2s").is_ok());
    assert!(checked_engine(&limits, "puct:model=knowledge,iters=100").is_ok());
    assert!(checked_engine(&limits, "gumbel:model=uniform,iters=16").is_ok());
    assert!(checked_engine(&limits, "hybrid:time=1s").is_ok());
    for bad in [
        "cmd:/bin/sh",
        "mcts:iters=1000000000",
        "mcts:time=1h",
        "mcts:threads=1000",
        "mcts:nodes=1000000000",
        "mcts:bogus=1",
        "alphabeta:time=1h",
        "alphabeta:threads=1000",
        "alphabeta:tt=16000",
        "pns:time=1h",
        "pns:tt=16000",
        "pns:graph=50000000",
        "best:time=1h",
        "best:threads=1000",
        "puct:model=nets/escabel5.safetensors",
        "puct:iters=1000000000",
        "gumbel:model=/etc/passwd",
        "gumbel:model=nets/escabel5.safetensors,iters=16",
        "gumbel:iters=1000000000",
        "gumbel:time=1h",
        "hybrid:time=1h",
        "hybrid:iters=1000000000",
        "hybrid:nodes=1000000000",
        "hybrid:threads=1000",
        "chess",
    ] {
        let e = checked_engine(&limits, bad).unwrap_err();
        assert_eq!(e.status, 400, "{bad}: {e}");
    }
}

#[test]
fn networks_come_only_from_the_models_folder_by_bare_name() {
    let dir = std::env::temp_dir().join(format!("abstracta-models-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tiny.safetensors"), b"not read by the check").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a network").unwrap();
    std::fs::create_dir_all(dir.join("sub.safetensors")).unwrap();
    let without = Limits::default();
    let e = checked_engine(&without, "puct:model=tiny.safetensors").unwrap_err();
    assert!(e.to_string().contains("--models DIR"), "{e}");
    let limits = Limits {
        models: Some(dir.clone()),
        ..Limits::default()
    };
    assert_eq!(network_names(&limits), ["tiny.safetensors"]);
    assert_eq!(network_names(&without), Vec::<String>::new());
    for (text, family) in [
        ("puct:model=tiny.safetensors,iters=50", "puct"),
        ("gumbel:model=tiny.safetensors,iters=16", "gumbel"),
    ] {
        let spec = checked_engine(&limits, text).unwrap();
        let model = match &spec {
            EngineSpec::Puct(options) => options.model.clone(),
            EngineSpec::Gumbel(options) => options.model.clone(),
            other => panic!("{family}: {other:?}"),
        };
        let wanted = dir.join("tiny.safetensors").to_string_lossy().into_owned();
        assert_eq!(model, abstracta::learn::Model::File(wanted), "{family}");
    }
    for bad in [
        "puct:model=missing.safetensors",
        "puct:model=../tiny.safetensors",
        "puct:model=sub.safetensors",
        "puct:model=notes.txt",
        "puct:model=.tiny.safetensors",
        "gumbel:model=/etc/passwd",
    ] {
        let e = checked_engine(&limits, bad).unwrap_err();
        assert_eq!(e.status, 400, "{bad}: {e}");
        assert!(e.to_string().contains("(tiny.safetensors)"), "{bad}: {e}");
    }
    assert!(checked_engine(&limits, "puct:model=tiny.safetensors,iters=1000000000").is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_search_cap_refuses_with_503() {
    let s = State::new(
        Path::new("/nonexistent-runs"),
        Limits {
            max_searches: 0,
            ..Limits::default()
        },
        "127.0.0.1:1".parse().unwrap(),
    );
    let (status, v) = post(&s, "/api/move", &json!({"spec": "tictactoe", "engine": "random"}));
    assert_eq!(status, 503, "{v}");
    assert!(v["error"].as_str().unwrap().contains("busy"));
    assert_eq!(s.searches.load(Ordering::SeqCst), 0);
}

#[test]
fn any_in_process_family_analyses_and_cmd_is_refused() {
    let s = State::new(
        Path::new("/nonexistent-runs"),
        Limits::default(),
        "127.0.0.1:1".parse().unwrap(),
    );
    let body = json!({"spec": "tictactoe", "plies": "b2", "engine": "random", "seed": 2});
    let (status, v) = post(&s, "/api/analyse", &body);
    assert_eq!(status, 200, "{v}");
    let mut game = abstracta::open("tictactoe").unwrap();
    game.play("b2").unwrap();
    assert!(game.is_legal(v["best"]["ply"].as_str().unwrap()), "{v}");
    assert_eq!(
        (&v["engine"], &v["win_rate"], &v["children"]),
        (&json!("random"), &json!(null), &json!([]))
    );
    let (status, v) = post(
        &s,
        "/api/analyse",
        &json!({"spec": "tictactoe", "engine": "cmd:./x"}),
    );
    assert_eq!(status, 400, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(
        error.contains("no external (cmd:) engines") && error.contains("mcts[:OPTIONS]"),
        "{error}"
    );
}
