//! The options of `arena serve` on the command line, mapped to the
//! server's plain [`ServeOptions`].

use std::net::IpAddr;
use std::path::PathBuf;

use server::{Limits, ServeOptions};

/// The options of `arena serve` on the command line.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The folder holding tournament folders (the --out of arena tournament).
    #[arg(long, default_value = "runs")]
    pub runs: PathBuf,
    /// A host name the server answers besides localhost and the bound
    /// address (repeatable): for a name of this machine on a network.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,
    /// Engine searches at once (more are answered 503).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_searches: u64,
    /// A folder of network files (safetensors from the trainer) that
    /// requests may name by file name, as in
    /// `puct:model=whirlwind6.safetensors`; without it requests use no
    /// network. `GET /api/games` lists them.
    #[arg(long, value_name = "DIR", value_parser = models_folder)]
    pub models: Option<PathBuf>,
}

/// `--models`: an existing folder with a UTF-8 path (the path goes into
/// engine specs).
fn models_folder(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if !path.is_dir() {
        return Err(format!(
            "{text} is not a folder; expected the folder holding the network files"
        ));
    }
    Ok(path)
}

impl ServeArgs {
    /// The server's options.
    pub fn options(&self) -> ServeOptions {
        ServeOptions {
            host: self.host,
            port: self.port,
            runs: self.runs.clone(),
            limits: Limits {
                max_searches: self.max_searches as usize,
                models: self.models.clone(),
                ..Limits::default()
            },
            allow_hosts: self.allow_hosts.clone(),
            ..ServeOptions::default()
        }
    }
}
