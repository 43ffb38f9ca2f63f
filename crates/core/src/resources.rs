//! The machine's resources, bounded once for every command: worker threads
//! (at most the cores), input files (at most [`MAX_INPUT_BYTES`], text only)
//! and the memory a computation may plan for. Every reader of a user's file
//! and every `--threads` goes through here, so the limits are one policy,
//! documented in `docs/reliability.md`.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest input file read: 64 MiB. Far above any tree, PGN, EPD or
/// checkpoint file the tool deals with (the bundled ones are a few KiB), and
/// small enough that a wrong path (`/dev/zero`, a disk image) costs no memory.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Why a number of worker threads is refused ([`worker_threads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreadsError {
    /// Zero threads.
    #[error("the number of threads must be at least 1")]
    Zero,
    /// More threads than the machine runs at once.
    #[error(
        "{requested} threads asked for, but this machine runs {cores} at once: give at most {cores}"
    )]
    TooMany {
        /// What was asked for.
        requested: usize,
        /// [`cores`].
        cores: usize,
    },
}

/// Why a resource request is refused.
#[derive(Debug, thiserror::Error)]
pub enum ResourceError {
    /// A refused number of worker threads.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The file could not be opened or read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
    /// The file is larger than [`MAX_INPUT_BYTES`].
    #[error("{path} is larger than {limit} bytes, the most this tool reads from one input file")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// The file holds a NUL byte, or (for [`Text::Utf8`]) is not UTF-8.
    #[error("{path} is not a text file ({reason} at byte {offset})")]
    NotText {
        /// The file.
        path: PathBuf,
        /// What was found.
        reason: &'static str,
        /// Where.
        offset: u64,
    },
}

/// The cores of this machine ([`std::thread::available_parallelism`], 1 if
/// unknown), read once: the standard library reads the cgroup files anew at
/// every call, and a UCI engine checks `Threads` against it at every
/// `setoption`.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

/// The number of worker threads for a request: `None` is one per core; a
/// request of 0 or of more than [`cores`] is refused (a typo such as
/// `--threads 100000` must not start 100 000 threads). Every thread count
/// of the workspace (Monte Carlo runs, the parallel search, the UCI
/// engine's `Threads`) is checked here.
pub fn worker_threads(requested: Option<usize>) -> Result<usize, ThreadsError> {
    let cores = cores();
    match requested {
        None => Ok(cores),
        Some(0) => Err(ThreadsError::Zero),
        Some(n) if n > cores => Err(ThreadsError::TooMany {
            requested: n,
            cores,
        }),
        Some(n) => Ok(n),
    }
}

/// How the bytes of a text file are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// Strict UTF-8 (tree files, checkpoints).
    Utf8,
    /// UTF-8 where valid, other bytes replaced by U+FFFD (PGN and EPD files from
    /// old databases are often Latin-1 in their names and comments).
    Lossy,
}

/// Reads a text file of at most [`MAX_INPUT_BYTES`] bytes.
pub fn read_text_file(path: &Path, text: Text) -> Result<String, ResourceError> {
    read_text_file_within(path, text, MAX_INPUT_BYTES)
}

/// [`read_text_file`] with another size limit. The file is read in blocks and
/// refused at the first NUL byte (no text format here has one; `/dev/zero`
/// and binary files do), the first invalid UTF-8 sequence (for
/// [`Text::Utf8`]) or the first byte past `limit`: a wrong input costs at most
/// one block of memory beyond what was read, never the whole file.
pub fn read_text_file_within(path: &Path, text: Text, limit: u64) -> Result<String, ResourceError> {
    let io = |error| ResourceError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if meta.is_dir() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a directory",
        )));
    }
    if meta.is_file() && meta.len() > limit {
        return Err(ResourceError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    let mut reader = file.take(limit.saturating_add(1));
    let mut bytes = Vec::new();
    // Bytes [..checked] are known to be valid UTF-8 (an incomplete sequence at
    // the end of a block is checked again with the next block).
    let mut checked = 0;
    let mut block = [0u8; 64 << 10];
    loop {
        let got = match reader.read(&mut block) {
            Ok(0) => break,
            Ok(got) => got,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io(e)),
        };
        let start = bytes.len();
        bytes.extend_from_slice(&block[..got]);
        if bytes.len() as u64 > limit {
            return Err(ResourceError::TooLarge {
                path: path.to_path_buf(),
                limit,
            });
        }
        let not_text = |reason, offset: usize| ResourceError::NotText {
            path: path.to_path_buf(),
            reason,
            offset: offset as u64,
        };
        if let Some(at) = bytes[start..].iter().position(|&b| b == 0) {
            return Err(not_text("a NUL byte", start + at));
        }
        if text == Text::Utf8 {
            match std::str::from_utf8(&bytes[checked..]) {
                Ok(_) => checked = bytes.len(),
                Err(e) if e.error_len().is_some() => {
                    return Err(not_text("invalid UTF-8", checked + e.valid_up_to()));
                }
                Err(e) => checked += e.valid_up_to(),
            }
        }
    }
    match text {
        Text::Utf8 => String::from_utf8(bytes).map_err(|e| ResourceError::NotText {
            path: path.to_path_buf(),
            reason: "a truncated UTF-8 sequence",
            offset: e.utf8_error().valid_up_to() as u64,
        }),
        Text::Lossy => Ok(match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }),
    }
}

/// The memory available to a new computation, in bytes (`MemAvailable` of
/// `/proc/meminfo`), or `None` where the system does not say.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("alphabeta-resources-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn threads_are_bounded_by_the_cores() {
        let cores = cores();
        assert!(cores >= 1);
        assert_eq!(worker_threads(None).unwrap(), cores);
        assert_eq!(worker_threads(Some(1)).unwrap(), 1);
        assert_eq!(worker_threads(Some(cores)).unwrap(), cores);
        assert_eq!(worker_threads(Some(0)), Err(ThreadsError::Zero));
        for n in [cores + 1, 100_000, usize::MAX] {
            let e = worker_threads(Some(n)).unwrap_err();
            assert_eq!(
                e,
                ThreadsError::TooMany {
                    requested: n,
                    cores
                }
            );
            assert!(e.to_string().contains(&format!("give at most {cores}")));
        }
    }

    #[test]
    fn text_is_read_and_binary_refused_early() {
        let ok = temp("ok", "a (b c) é\n".as_bytes());
        assert_eq!(read_text_file(&ok, Text::Utf8).unwrap(), "a (b c) é\n");
        std::fs::remove_file(&ok).unwrap();

        let latin1 = temp("latin1", b"Ljubojevi\xe6, L");
        let e = read_text_file(&latin1, Text::Utf8).unwrap_err().to_string();
        assert!(e.contains("invalid UTF-8 at byte 9"), "{e}");
        assert_eq!(
            read_text_file(&latin1, Text::Lossy).unwrap(),
            "Ljubojevi\u{fffd}, L"
        );
        std::fs::remove_file(&latin1).unwrap();

        let cut = temp("cut", &"é".as_bytes()[..1]);
        assert!(read_text_file(&cut, Text::Utf8).is_err());
        std::fs::remove_file(&cut).unwrap();

        // /dev/zero never ends: refused at its first byte, not after 64 MiB.
        let e = read_text_file(Path::new("/dev/zero"), Text::Lossy).unwrap_err();
        assert!(matches!(e, ResourceError::NotText { offset: 0, .. }), "{e}");
        let e = read_text_file(Path::new("/"), Text::Utf8).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
        let e = read_text_file(Path::new("/no/such/file"), Text::Utf8).unwrap_err();
        assert!(matches!(e, ResourceError::Io { .. }), "{e}");
    }

    #[test]
    fn the_size_limit_holds_for_files_and_streams() {
        let big = temp("big", &[b'x'; 1000]);
        assert_eq!(
            read_text_file_within(&big, Text::Utf8, 1000).unwrap().len(),
            1000
        );
        let e = read_text_file_within(&big, Text::Utf8, 999).unwrap_err();
        assert!(
            matches!(e, ResourceError::TooLarge { limit: 999, .. }),
            "{e}"
        );
        std::fs::remove_file(&big).unwrap();
        // A character device has no length: the limit is checked while reading.
        let e = read_text_file_within(Path::new("/dev/urandom"), Text::Lossy, 10).unwrap_err();
        assert!(
            matches!(
                e,
                ResourceError::TooLarge { .. } | ResourceError::NotText { .. }
            ),
            "{e}"
        );
    }

    #[test]
    fn available_memory_is_plausible_where_known() {
        if let Some(bytes) = available_memory() {
            assert!(bytes > 1 << 20, "{bytes}");
        }
    }
}
