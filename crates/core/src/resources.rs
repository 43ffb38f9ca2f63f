//! The machine's resources, bounded once for every command: worker threads
//! (at most the cores), input files (at most [`MAX_INPUT_BYTES`], text only),
//! the memory a computation may plan for (large buffers are reserved
//! fallibly, within the memory available) and output (files and folders
//! replaced in one atomic step). Every reader of a user's file, every large
//! buffer, every written output and every `--threads` goes through here, so
//! the limits are one policy, documented in `docs/reliability.md`.

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
    /// A buffer larger than the memory this machine has available, or one
    /// the allocator refused.
    #[error(
        "{what} needs {needed} MiB of memory, but {available}: ask for less",
        needed = bytes.div_ceil(1 << 20),
    )]
    Memory {
        /// What the memory is for.
        what: String,
        /// The bytes asked for.
        bytes: u128,
        /// What the machine has, in words.
        available: String,
    },
    /// An output could not be written (nothing of it is left behind).
    #[error("cannot write {path}: {error}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
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

/// A vector with room for `n` values of `T`, or [`ResourceError::Memory`]:
/// more than [`available_memory`] is refused before anything is allocated,
/// and an allocation the system refuses (an address-space limit, overcommit
/// off) is an error rather than an abort. `what` names the buffer in the
/// error ("a transposition table of 16384 MiB").
pub fn try_vec<T>(n: usize, what: &str) -> Result<Vec<T>, ResourceError> {
    let bytes = n as u128 * std::mem::size_of::<T>() as u128;
    let refuse = |available: String| ResourceError::Memory {
        what: what.to_string(),
        bytes,
        available,
    };
    if let Some(free) = available_memory()
        && bytes > u128::from(free)
    {
        return Err(refuse(format!(
            "this machine has {} MiB available",
            free >> 20
        )));
    }
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| refuse("the system refused to allocate it".to_string()))?;
    Ok(v)
}

/// [`try_vec`] filled with `n` copies of `value`.
pub fn try_filled_vec<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>, ResourceError> {
    let mut v = try_vec(n, what)?;
    v.resize(n, value);
    Ok(v)
}

/// The hidden name of an output's staging copy (`.NAME.tmp-PID`) or of an
/// earlier version moved aside (`.NAME.old-PID`), beside the output.
fn sibling(path: &Path, role: &str) -> Result<PathBuf, ResourceError> {
    let name = path.file_name().ok_or_else(|| ResourceError::Write {
        path: path.to_path_buf(),
        error: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it does not end in a file or folder name",
        ),
    })?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(format!(".{role}-{}", std::process::id()));
    Ok(path.with_file_name(hidden))
}

/// The folder an output is written into (`.` for a bare name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Removes what interrupted earlier writes of `path` left beside it: staging
/// copies and old versions (`.NAME.tmp-*`, `.NAME.old-*`) whose process is
/// no longer running. A write killed at any point leaves at most these, and
/// the next write of the same output removes them. Where `path` is missing
/// and an old version is aside (a folder replaced by two renames, on a file
/// system without `RENAME_EXCHANGE`, killed between them), that old version
/// is put back at `path` first: the write starts as if the killed one had
/// never begun, and the old output survives a failure of this one too.
pub fn remove_leftovers(path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(parent_of(path)) else {
        return;
    };
    let mut missing = std::fs::symlink_metadata(path).is_err();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix('.'))
            .and_then(|f| f.strip_prefix(name))
        else {
            continue;
        };
        let (old, tag) = match (rest.strip_prefix(".old-"), rest.strip_prefix(".tmp-")) {
            (Some(tag), _) => (true, tag),
            (None, Some(tag)) => (false, tag),
            (None, None) if rest == ".tmp" => (false, ""),
            (None, None) => continue,
        };
        // A process id that is still running is a concurrent write: left alone.
        let running = tag.parse::<u32>().is_ok_and(|pid| {
            pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists()
        });
        if running {
            continue;
        }
        let p = entry.path();
        if old && missing && std::fs::rename(&p, path).is_ok() {
            missing = false;
            continue;
        }
        let _ = if p.is_dir() {
            std::fs::remove_dir_all(&p)
        } else {
            std::fs::remove_file(&p)
        };
    }
}

/// Writes `bytes` to the file `path` atomically: into `.NAME.tmp-PID` beside
/// it, then renamed over it, so `path` holds either its old content or all
/// of the new. On any error the temporary file is removed; a `path` that is a
/// folder is refused before anything is written.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<(), ResourceError> {
    let error = |error| ResourceError::Write {
        path: path.to_path_buf(),
        error,
    };
    if path.is_dir() {
        return Err(error(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a folder",
        )));
    }
    // A device or pipe (`/dev/zero`, `/dev/stdout`) is written into, never
    // replaced: renaming over it would remove the device for everyone.
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return std::fs::write(path, bytes).map_err(error);
    }
    let tmp = sibling(path, "tmp")?;
    remove_leftovers(path);
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(error(e));
    }
    Ok(())
}

/// Replaces the folder `dir` by one that `build` fills, atomically: `build`
/// writes into a staging folder `.NAME.tmp-PID` beside `dir`, which is then
/// exchanged with `dir` in one `renameat2(RENAME_EXCHANGE)` (Linux; elsewhere,
/// and on file systems without it, the old folder is moved aside first), so
/// a process killed at any moment leaves `dir` whole, old or new. If `build`
/// fails, the staging folder is removed and `dir` is untouched. Leftovers of
/// earlier interrupted writes are removed first ([`remove_leftovers`]).
pub fn replace_dir_atomically<T, E>(
    dir: &Path,
    build: impl FnOnce(&Path) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<ResourceError>,
{
    let error = |path: &Path, error| ResourceError::Write {
        path: path.to_path_buf(),
        error,
    };
    if dir.exists() && !dir.is_dir() {
        return Err(error(
            dir,
            std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "it exists and is not a folder",
            ),
        )
        .into());
    }
    let staged = sibling(dir, "tmp")?;
    let parent = parent_of(dir);
    std::fs::create_dir_all(&parent).map_err(|e| error(&parent, e))?;
    remove_leftovers(dir);
    std::fs::create_dir(&staged).map_err(|e| error(&staged, e))?;
    let built = match build(&staged) {
        Ok(built) => built,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staged);
            return Err(e);
        }
    };
    if let Err(e) = swap_in(&staged, dir) {
        let _ = std::fs::remove_dir_all(&staged);
        return Err(error(dir, e).into());
    }
    // `staged` now holds the old folder, if there was one.
    let _ = std::fs::remove_dir_all(&staged);
    Ok(built)
}

/// Puts the folder `staged` at `dir`; an old `dir` ends up at `staged`.
fn swap_in(staged: &Path, dir: &Path) -> std::io::Result<()> {
    if std::fs::symlink_metadata(dir).is_err() {
        return std::fs::rename(staged, dir);
    }
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, staged, CWD, dir, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(()),
            // No RENAME_EXCHANGE here: fall back to two renames.
            Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => {}
            Err(e) => return Err(e.into()),
        }
    }
    let old = sibling(dir, "old").map_err(std::io::Error::other)?;
    std::fs::rename(dir, &old)?;
    if let Err(e) = std::fs::rename(staged, dir) {
        let _ = std::fs::rename(&old, dir);
        return Err(e);
    }
    std::fs::rename(&old, staged)
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
    fn buffers_beyond_the_memory_are_refused_not_aborted() {
        let v: Vec<u64> = try_vec(1000, "a test buffer").unwrap();
        assert!(v.capacity() >= 1000);
        assert_eq!(try_filled_vec(3, 7u8, "x").unwrap(), vec![7, 7, 7]);
        // 2^60 bytes: more than any machine has, refused before allocating.
        let e = try_vec::<u64>(1 << 57, "a huge table").unwrap_err();
        assert!(matches!(e, ResourceError::Memory { .. }), "{e}");
        let e = e.to_string();
        assert!(e.starts_with("a huge table needs 1099511627776 MiB"), "{e}");
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("alphabeta-output-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn files_are_replaced_whole_and_refusals_leave_nothing() {
        let dir = scratch("file");
        let out = dir.join("out.json");
        write_file_atomically(&out, b"old").unwrap();
        write_file_atomically(&out, b"new").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        std::fs::create_dir(dir.join("folder")).unwrap();
        let e = write_file_atomically(&dir.join("folder"), b"x").unwrap_err();
        assert!(e.to_string().contains("it is a folder"), "{e}");
        let e = write_file_atomically(&dir.join("missing/out.json"), b"x").unwrap_err();
        assert!(matches!(e, ResourceError::Write { .. }), "{e}");
        assert_eq!(names(&dir), ["folder", "out.json"]);
        // A device is written into, not replaced by a file.
        write_file_atomically(Path::new("/dev/null"), b"x").unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
        assert_eq!(names(&dir), ["folder", "out.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folders_are_exchanged_whole_and_leftovers_cleaned() {
        let dir = scratch("folder");
        let out = dir.join("report");
        let fill = |text: &'static str| {
            move |d: &Path| -> Result<usize, ResourceError> {
                std::fs::write(d.join("a.txt"), text).unwrap();
                Ok(text.len())
            }
        };
        assert_eq!(replace_dir_atomically(&out, fill("old")).unwrap(), 3);
        // What a write killed between steps by an older version left, and a
        // staging folder of a process that is gone (no pid reaches 4·10⁹).
        std::fs::create_dir(dir.join(".report.old-4000000000")).unwrap();
        std::fs::create_dir(dir.join(".report.tmp-ab12Cd")).unwrap();
        std::fs::write(dir.join(".report.tmp"), "x").unwrap();
        std::fs::create_dir(dir.join(".reports.tmp-1")).unwrap();
        replace_dir_atomically(&out, fill("new")).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "new");
        // Only another output's files are left.
        assert_eq!(names(&dir), [".reports.tmp-1", "report"]);
        // A failing build leaves the old folder and no staging folder.
        let e = replace_dir_atomically(&out, |d: &Path| -> Result<(), ResourceError> {
            std::fs::write(d.join("partial"), "x").unwrap();
            Err(ResourceError::Threads(ThreadsError::Zero))
        });
        assert!(e.is_err());
        assert_eq!(names(&out), ["a.txt"]);
        assert_eq!(names(&dir), [".reports.tmp-1", "report"]);
        // Killed between the two renames of a file system without
        // RENAME_EXCHANGE: no folder, the old one aside. The next write puts
        // it back first, so a failing build leaves the old folder.
        std::fs::rename(&out, dir.join(".report.old-4000000000")).unwrap();
        std::fs::create_dir(dir.join(".report.tmp-4000000001")).unwrap();
        let e = replace_dir_atomically(&out, |_: &Path| -> Result<(), ResourceError> {
            Err(ResourceError::Threads(ThreadsError::Zero))
        });
        assert!(e.is_err());
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "new");
        assert_eq!(names(&dir), [".reports.tmp-1", "report"]);
        // A file in the way is refused, not replaced.
        std::fs::write(dir.join("file"), "keep").unwrap();
        let e = replace_dir_atomically(&dir.join("file"), fill("x")).unwrap_err();
        assert!(e.to_string().contains("not a folder"), "{e}");
        assert_eq!(std::fs::read_to_string(dir.join("file")).unwrap(), "keep");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn available_memory_is_plausible_where_known() {
        if let Some(bytes) = available_memory() {
            assert!(bytes > 1 << 20, "{bytes}");
        }
    }
}
