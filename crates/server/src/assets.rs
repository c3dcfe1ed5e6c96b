//! The page's files, inside the binary: hand-written HTML, CSS and
//! JavaScript modules, served as they are (no build step, nothing from
//! elsewhere).

/// The files, by path: content type and bytes.
const FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", include_str!("web/index.html")),
    (
        "/index.html",
        "text/html; charset=utf-8",
        include_str!("web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("web/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
    (
        "/api.js",
        "text/javascript; charset=utf-8",
        include_str!("web/api.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("web/board.js"),
    ),
    (
        "/pages.js",
        "text/javascript; charset=utf-8",
        include_str!("web/pages.js"),
    ),
    (
        "/runs.js",
        "text/javascript; charset=utf-8",
        include_str!("web/runs.js"),
    ),
    (
        "/bench.js",
        "text/javascript; charset=utf-8",
        include_str!("web/bench.js"),
    ),
    (
        "/charts.js",
        "text/javascript; charset=utf-8",
        include_str!("web/charts.js"),
    ),
    (
        "/ux.js",
        "text/javascript; charset=utf-8",
        include_str!("web/ux.js"),
    ),
    ("/favicon.svg", "image/svg+xml", include_str!("web/favicon.svg")),
];

/// The file at `path`, if the page has one: its content type and bytes.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = if path == "/favicon.ico" {
        "/favicon.svg"
    } else {
        path
    };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, content_type, text)| (*content_type, text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_there_and_names_no_other_host() {
        for (path, _, text) in FILES {
            assert!(!text.is_empty(), "{path}");
            // Everything comes from this server: no absolute URLs but the
            // SVG namespace name.
            let rest = text.replace("http://www.w3.org/2000/svg", "");
            assert!(!rest.contains("http://") && !rest.contains("https://"), "{path}");
        }
        assert!(asset("/app.js").is_some());
        assert!(asset("/../Cargo.toml").is_none());
    }
}
