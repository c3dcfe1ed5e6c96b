//! The files arena reads and writes, in one place: every input file is
//! read through [`read_input`] (regular files only, at most the size
//! limit of its kind) and every output file is replaced through
//! [`write_atomically`] (a fresh temporary file beside it, created
//! exclusively, then renamed over it).
//!
//! The size limits, by kind of file:
//!
//! | kind | limit |
//! |---|---|
//! | [`TOURNAMENT_SETTINGS`] (`tournament.json`) | 16 MiB |
//! | [`GAME_RECORDS`] (`games.jsonl`) | 1 GiB |
//! | [`OPENING_FILE`] (`--openings file:PATH`) | 64 MiB |
//! | [`TUNE_SETTINGS`] (`tune.json`) | 1 MiB |
//! | [`TUNE_HISTORY`] (`tune.jsonl`) | 256 MiB |
//!
//! ```
//! use tournament::files::{read_input, write_atomically, InputKind};
//! let dir = std::env::temp_dir().join(format!("files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("notes.txt");
//! write_atomically(&path, "hello\n").unwrap();
//! let small = InputKind { what: "notes", limit: 6 };
//! assert_eq!(read_input(&path, &small).unwrap(), b"hello\n");
//! let smaller = InputKind { what: "notes", limit: 5 };
//! assert!(read_input(&path, &smaller).unwrap_err().to_string().contains("larger than 5 bytes"));
//! // A folder is neither read nor replaced.
//! assert!(read_input(&dir, &small).unwrap_err().to_string().contains("not a regular file"));
//! assert!(write_atomically(&dir, "x").is_err());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// A kind of input file: what it holds (for messages) and the most bytes
/// it may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputKind {
    /// What the file should hold, e.g. "the game records".
    pub what: &'static str,
    /// Its size limit in bytes.
    pub limit: u64,
}

const MIB: u64 = 1024 * 1024;

/// A tournament's settings (`tournament.json`).
pub const TOURNAMENT_SETTINGS: InputKind = InputKind {
    what: "the tournament settings",
    limit: 16 * MIB,
};

/// A tournament's game records (`games.jsonl`).
pub const GAME_RECORDS: InputKind = InputKind {
    what: "one JSON game record per line",
    limit: 1024 * MIB,
};

/// An opening file (`--openings file:PATH`).
pub const OPENING_FILE: InputKind = InputKind {
    what: "one opening (a ply list) per line",
    limit: 64 * MIB,
};

/// A tuning run's settings (`tune.json`).
pub const TUNE_SETTINGS: InputKind = InputKind {
    what: "the settings of a tuning run",
    limit: MIB,
};

/// A tuning run's iterations (`tune.jsonl`).
pub const TUNE_HISTORY: InputKind = InputKind {
    what: "one JSON iteration record per line",
    limit: 256 * MIB,
};

/// A file that cannot be read or written as asked.
#[derive(Debug, Error)]
pub enum FileError {
    /// An input is a folder, a FIFO, a device, ...: only regular files are
    /// read (a FIFO could block forever, a device never end).
    #[error("{path} is {kind}, not a regular file; expected {what}")]
    NotRegular {
        /// The file.
        path: String,
        /// What it is instead ("a folder", "a FIFO", ...).
        kind: &'static str,
        /// What it should hold.
        what: &'static str,
    },
    /// An input is larger than the limit of its kind.
    #[error("{path} is larger than {limit} bytes, the most a file of {what} may have")]
    TooLarge {
        /// The file.
        path: String,
        /// The limit.
        limit: u64,
        /// What it should hold.
        what: &'static str,
    },
    /// An output path is taken by something other than a regular file,
    /// which is never replaced or appended to.
    #[error("{path} is {kind}, not a regular file; refusing to write to it (choose another path)")]
    NotReplaceable {
        /// The path.
        path: String,
        /// What is there.
        kind: &'static str,
    },
    /// Reading or writing failed.
    #[error("{doing} {path}: {source}")]
    Io {
        /// "reading", "writing", ...
        doing: &'static str,
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

impl FileError {
    /// Whether the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, FileError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }

    /// 2 when the file given is of the wrong kind or size (bad input), 1
    /// when reading or writing failed.
    pub fn exit_code(&self) -> i32 {
        match self {
            FileError::Io { .. } => 1,
            _ => 2,
        }
    }
}

fn io(doing: &'static str, path: &Path, source: std::io::Error) -> FileError {
    FileError::Io {
        doing,
        path: path.display().to_string(),
        source,
    }
}

/// What a file that is not a regular file is, for messages.
fn kind_of(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else {
        "not a plain file"
    }
}

/// Opens `path` for reading without waiting for a writer (a FIFO would
/// otherwise block the open itself).
fn open_for_reading(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    options.open(path)
}

/// Reads the whole of `path`, which must be a regular file (a link to one
/// is followed) of at most `kind.limit` bytes.
pub fn read_input(path: &Path, kind: &InputKind) -> Result<Vec<u8>, FileError> {
    let file = open_for_reading(path).map_err(|e| io("reading", path, e))?;
    let metadata = file.metadata().map_err(|e| io("reading", path, e))?;
    if !metadata.is_file() {
        return Err(FileError::NotRegular {
            path: path.display().to_string(),
            kind: kind_of(metadata.file_type()),
            what: kind.what,
        });
    }
    let too_large = || FileError::TooLarge {
        path: path.display().to_string(),
        limit: kind.limit,
        what: kind.what,
    };
    if metadata.len() > kind.limit {
        return Err(too_large());
    }
    // The file may grow while it is read: the limit holds whatever its
    // size said.
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(kind.limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io("reading", path, e))?;
    if bytes.len() as u64 > kind.limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read_input`], with `None` when there is no file at `path`.
pub fn read_input_if_exists(path: &Path, kind: &InputKind) -> Result<Option<Vec<u8>>, FileError> {
    match read_input(path, kind) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Opens (or creates) `path` for appending records, never through a
/// symbolic link and only when it is a regular file.
pub fn open_for_append(path: &Path) -> Result<File, FileError> {
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32);
    }
    let file = options.open(path).map_err(|e| {
        // A link is refused by the open itself (ELOOP): say so plainly.
        match fs::symlink_metadata(path) {
            Ok(m) if !m.file_type().is_file() => FileError::NotReplaceable {
                path: path.display().to_string(),
                kind: kind_of(m.file_type()),
            },
            _ => io("opening", path, e),
        }
    })?;
    let metadata = file.metadata().map_err(|e| io("opening", path, e))?;
    if !metadata.is_file() {
        return Err(FileError::NotReplaceable {
            path: path.display().to_string(),
            kind: kind_of(metadata.file_type()),
        });
    }
    Ok(file)
}

/// Checks that `path` may be replaced: nothing is there, or a regular
/// file (not a link, a folder, a FIFO or a device).
pub fn check_replaceable(path: &Path) -> Result<(), FileError> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_file() => Ok(()),
        Ok(m) => Err(FileError::NotReplaceable {
            path: path.display().to_string(),
            kind: kind_of(m.file_type()),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io("checking", path, e)),
    }
}

/// Creates a new temporary file beside `path`, under a name nobody can
/// have prepared: created exclusively (never through a link planted
/// there), with a random part, tried again on the rare name taken.
fn create_temporary(path: &Path) -> Result<(PathBuf, File), FileError> {
    let name = path.file_name().unwrap_or_default();
    let mut last = None;
    for _ in 0..16 {
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(
            ".{}.{:016x}.tmp",
            std::process::id(),
            rand::random::<u64>()
        ));
        let tmp = path.with_file_name(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(io("creating a temporary file beside", path, e)),
        }
    }
    Err(io(
        "creating a temporary file beside",
        path,
        last.unwrap_or_else(|| std::io::Error::from(std::io::ErrorKind::AlreadyExists)),
    ))
}

/// Writes `text` to `path` through a fresh temporary file in the same
/// folder, synced before it replaces `path`, so that readers never see
/// half a file and a crash leaves the old file or the new one. Only a
/// regular file is replaced (see [`check_replaceable`]), and no temporary
/// file is left behind when the write fails.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), FileError> {
    check_replaceable(path)?;
    let (tmp, mut file) = create_temporary(path)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|_| file.sync_all())
        .map_err(|e| io("writing", &tmp, e))
        // Checked again just before the rename: a FIFO or folder that
        // appeared meanwhile is not replaced either.
        .and_then(|_| check_replaceable(path))
        .and_then(|_| fs::rename(&tmp, path).map_err(|e| io("writing", path, e)));
    drop(file);
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename itself is only durable once the folder is synced.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tournament-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_planted_link_at_any_temporary_name_is_never_followed() {
        let dir = scratch("planted");
        let victim = dir.join("victim");
        fs::write(&victim, "precious").unwrap();
        // Links at the names a fixed or pid-numbered scheme would use.
        let out = dir.join("out");
        let mut planted = vec!["out.tmp".to_owned()];
        planted.extend((0..64).map(|n| format!("out.{}.{n}.tmp", std::process::id())));
        for name in &planted {
            std::os::unix::fs::symlink(&victim, dir.join(name)).unwrap();
        }
        write_atomically(&out, "new").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(fs::read_to_string(&out).unwrap(), "new");
        assert_eq!(
            entries(&dir).len(),
            planted.len() + 2,
            "no temporary file is left: {:?}",
            entries(&dir)
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_regular_files_are_replaced_and_failures_leave_nothing_behind() {
        let dir = scratch("special");
        let fifo = dir.join("fifo");
        make_fifo(&fifo);
        let folder = dir.join("folder");
        fs::create_dir(&folder).unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink(dir.join("elsewhere"), &link).unwrap();
        for (path, kind) in [(&fifo, "FIFO"), (&folder, "a folder"), (&link, "a symbolic link")] {
            let err = write_atomically(path, "x").unwrap_err();
            assert!(matches!(err, FileError::NotReplaceable { .. }), "{err}");
            assert!(err.to_string().contains(kind), "{err}");
        }
        assert!(std::os::unix::fs::FileTypeExt::is_fifo(
            &fs::symlink_metadata(&fifo).unwrap().file_type()
        ));
        assert_eq!(entries(&dir), ["fifo", "folder", "link"]);
        let _ = fs::remove_dir_all(&dir);
    }

    fn make_fifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
        assert!(made.success());
    }

    #[test]
    fn inputs_are_regular_files_within_their_limit() {
        let dir = scratch("inputs");
        let kind = InputKind {
            what: "test lines",
            limit: 10,
        };
        let exact = dir.join("exact");
        fs::write(&exact, "0123456789").unwrap();
        assert_eq!(read_input(&exact, &kind).unwrap().len(), 10);
        let over = dir.join("over");
        fs::write(&over, "0123456789a").unwrap();
        let err = read_input(&over, &kind).unwrap_err();
        assert!(matches!(err, FileError::TooLarge { limit: 10, .. }), "{err}");
        // An endless device behind a link: refused before a byte is read.
        let zero = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let err = read_input(&zero, &kind).unwrap_err();
        assert!(
            err.to_string().contains("a character device, not a regular file"),
            "{err}"
        );
        // A FIFO without a writer: refused at once instead of blocking.
        let fifo = dir.join("fifo");
        make_fifo(&fifo);
        let err = read_input(&fifo, &kind).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
        assert_eq!(read_input_if_exists(&dir.join("none"), &kind).unwrap(), None);
        let _ = fs::remove_dir_all(&dir);
    }
}
