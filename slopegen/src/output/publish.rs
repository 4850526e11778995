//! Publishing the output files: plain files in the output folder, each replaced atomically on
//! its own, under a lock that makes concurrent runs take turns. Nothing else is left in the
//! folder.
//!
//! A run first writes every output whose bytes changed to a temporary file beside it
//! (`.slopegen-XXXXXX.tmp`, synced), then renames each over its output, the `.rs` last. So:
//!
//! - an output is never half-written: a reader sees the old file or the new one;
//! - a failure while writing (a full disk, a folder in an output's place) leaves every output
//!   as it was;
//! - a kill between two renames can leave a new `.bin` (or `.map`) beside the old `.rs`. The
//!   `.rs` states the length and checksum of what it embeds, so a crate that includes it
//!   fails to compile with a message saying to run slopegen again, and the next run repairs
//!   the pair;
//! - an output whose bytes did not change is not touched: its modification time stays, and
//!   build systems watching it do nothing;
//! - whatever stands at an output's name (a file, a symbolic link, a FIFO, a device) is
//!   replaced by a regular file; a link is replaced, never written through, so what it
//!   pointed at is left untouched. A folder there is an error.
//!
//! Earlier versions published links into a hidden `.slopegen/` folder. A run migrates such
//! a folder: each link into `.slopegen/` becomes a plain file with the same bytes and
//! modification time, and `.slopegen/` is removed.

use std::fs::{self, File};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::encode::rust::OutputFile;
use crate::error::text::kind_of;
use crate::error::{Error, Result};

/// The hidden folder earlier versions kept their versions and lock in.
const OLD_STORE: &str = ".slopegen";

/// Prefix of the temporary files a run writes into the output folder (removed by the next
/// run if the process was killed).
const STAGING: &str = ".slopegen-";

/// Test hook, not an interface, and only in builds with debug assertions (the test
/// builds): when this variable names a file, a run creates that file just before its last
/// rename and waits there (for at most a minute) to be killed, so that tests can kill it
/// between two renames.
const HALT_BEFORE_LAST_RENAME: &str = "SLOPEGEN_TEST_HALT_BEFORE_LAST_RENAME";

/// Writes `files` into `dir` (creating it if needed); returns the paths whose contents
/// changed (empty: everything was already up to date, nothing was touched).
pub(crate) fn publish(dir: &Path, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    let created = create_missing_dirs(dir)?;
    let remove_created = || {
        // The folders this run made, deepest first, only while empty.
        for made in &created {
            let _ = fs::remove_dir(made);
        }
    };
    let _lock = FolderLock::acquire(dir).inspect_err(|_| remove_created())?;
    remove_staging(dir);
    let result = replace_files(dir, files).inspect(|_| migrate_old_store(dir));
    if result.is_err() {
        // Still under the lock, so that no run waiting for it finds its folder gone.
        remove_created();
    }
    result
}

/// An output staged in a temporary file, to be renamed over `target`.
struct Staged {
    target: PathBuf,
    file: tempfile::NamedTempFile,
    /// Whether its bytes differ from what readers saw at `target` before.
    changed: bool,
}

/// Stages every output that is not already a regular file with its bytes, then renames them
/// into place, the `.rs` files last.
fn replace_files(dir: &Path, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    let mut ordered: Vec<&OutputFile> = files.iter().filter(|f| !is_rust(f)).collect();
    ordered.extend(files.iter().filter(|f| is_rust(f)));
    let mut staged = Vec::new();
    for file in ordered {
        let target = dir.join(&file.name);
        if same_contents(&target, &file.bytes) {
            continue;
        }
        let shown = replaceable(&target)?;
        staged.push(stage(dir, &target, &file.bytes, shown.as_ref())?);
    }
    let last = staged.len().saturating_sub(1);
    let renamed = !staged.is_empty();
    let mut written = Vec::new();
    for (i, s) in staged.into_iter().enumerate() {
        if i == last && i > 0 {
            halt_for_tests();
        }
        s.file.persist(&s.target).map_err(|e| Error::Write {
            path: s.target.clone(),
            source: e.error,
        })?;
        if s.changed {
            written.push(s.target);
        }
    }
    if renamed {
        sync_dir(dir).map_err(|source| Error::Write {
            path: dir.to_owned(),
            source,
        })?;
    }
    Ok(written)
}

fn is_rust(file: &OutputFile) -> bool {
    file.name.ends_with(".rs")
}

/// What a link of the earlier form showed: its target's bytes and modification time.
struct Shown {
    bytes: Vec<u8>,
    time: Option<SystemTime>,
}

/// Checks that an output can be replaced (anything but a folder can: a file, a link, a
/// FIFO, a device, none of them opened); for a link of the earlier form, what it showed.
fn replaceable(path: &Path) -> Result<Option<Shown>> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(Error::Write {
                path: path.to_owned(),
                source,
            });
        }
    };
    if meta.is_dir() {
        return Err(Error::Blocked {
            path: path.to_owned(),
            what: kind_of(&meta),
        });
    }
    if !meta.file_type().is_symlink() {
        return Ok(None);
    }
    Ok(old_link_target(path).and_then(|target| {
        Some(Shown {
            bytes: fs::read(&target).ok()?,
            time: mtime(&target),
        })
    }))
}

/// A regular file at `path` holding exactly `bytes` (read at most that many + 1).
fn same_contents(path: &Path, bytes: &[u8]) -> bool {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return false;
    };
    if !meta.is_file() || meta.len() != bytes.len() as u64 {
        return false;
    }
    let Ok(file) = File::open(path) else {
        return false;
    };
    let mut old = Vec::with_capacity(bytes.len());
    file.take(bytes.len() as u64 + 1)
        .read_to_end(&mut old)
        .is_ok_and(|_| old == bytes)
}

/// `bytes` in a synced temporary file in `dir`, to replace `target`.
fn stage(dir: &Path, target: &Path, bytes: &[u8], shown: Option<&Shown>) -> Result<Staged> {
    let werr = |source| Error::Write {
        path: target.to_owned(),
        source,
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(STAGING).suffix(".tmp");
    // Readable like any file the user creates (a temporary file is private to its owner);
    // the umask applies.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir).map_err(werr)?;
    file.as_file_mut().write_all(bytes).map_err(werr)?;
    let mut changed = true;
    if let Some(Shown {
        bytes: old,
        time: Some(time),
    }) = shown
        && old == bytes
    {
        // Migrated, not changed: the plain file keeps the time readers saw through the link.
        file.as_file().set_modified(*time).map_err(werr)?;
        changed = false;
    }
    file.as_file().sync_all().map_err(werr)?;
    Ok(Staged {
        target: target.to_owned(),
        file,
        changed,
    })
}

/// The target of a link made by an earlier version (`.slopegen/…`), resolved from `link`.
fn old_link_target(link: &Path) -> Option<PathBuf> {
    let target = fs::read_link(link).ok()?;
    if !target.starts_with(OLD_STORE) {
        return None;
    }
    let resolved = link.parent()?.join(target);
    fs::symlink_metadata(&resolved).ok()?;
    Some(resolved)
}

fn mtime(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Migrates a folder an earlier version published into: every link into `.slopegen/` left
/// (outputs of other names) becomes a plain file with the bytes and time it showed, then
/// `.slopegen/` goes. Best effort: what cannot be migrated stays as it was.
fn migrate_old_store(dir: &Path) {
    let store = dir.join(OLD_STORE);
    if !fs::symlink_metadata(&store).is_ok_and(|m| m.is_dir()) {
        return;
    }
    let entries: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    let mut kept = false;
    for path in entries {
        let is_link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        // A link whose target is gone showed nothing; it stays as it is.
        let Some(target) = is_link.then(|| old_link_target(&path)).flatten() else {
            continue;
        };
        let copied = fs::read(&target).ok().and_then(|bytes| {
            let shown = Shown {
                bytes: bytes.clone(),
                time: mtime(&target),
            };
            let staged = stage(dir, &path, &bytes, Some(&shown)).ok()?;
            staged.file.persist(&staged.target).ok()
        });
        kept |= copied.is_none();
    }
    if !kept {
        let _ = fs::remove_dir_all(&store);
    }
}

/// Removes what killed runs left: this version's temporary files, and those of earlier ones
/// (`.slopegen-*.tmp`, `.slopegen-old-*`). Runs under the lock, so no run is writing them.
fn remove_staging(dir: &Path) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let staged = name.starts_with(STAGING) && name.ends_with(".tmp")
            || name.starts_with(".slopegen-old-");
        if staged && entry.file_type().is_ok_and(|t| !t.is_dir()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn halt_for_tests() {
    if !cfg!(debug_assertions) {
        return;
    }
    let Some(marker) = std::env::var_os(HALT_BEFORE_LAST_RENAME) else {
        return;
    };
    let _ = File::create(marker);
    for _ in 0..600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_: &Path) -> io::Result<()> {
    Ok(())
}

/// An advisory lock that concurrent runs into one folder take turns on. Released when
/// dropped, or when the process dies.
///
/// On Unix the lock is on the output folder itself (`flock` on the folder's own
/// descriptor): nothing is created for it, in the folder or elsewhere; every path that
/// reaches the folder (through links, bind mounts, `..`) and every user meets the same lock,
/// because it belongs to the folder, not to a name. Elsewhere, where a folder cannot be
/// locked, it is a file in the system's temporary folder named after the checksum of the
/// folder's canonical path, which is left there (removing a lock file other runs may be
/// waiting on would let two runs in at once).
struct FolderLock {
    _file: File,
}

impl FolderLock {
    #[cfg(unix)]
    fn acquire(dir: &Path) -> Result<FolderLock> {
        let err = |source| Error::Write {
            path: dir.to_owned(),
            source,
        };
        let file = File::open(dir).map_err(err)?;
        file.lock().map_err(err)?;
        Ok(FolderLock { _file: file })
    }

    #[cfg(not(unix))]
    fn acquire(dir: &Path) -> Result<FolderLock> {
        let canonical = fs::canonicalize(dir).map_err(|source| Error::Write {
            path: dir.to_owned(),
            source,
        })?;
        let key = slope_runtime::crc32(canonical.to_string_lossy().as_bytes());
        let path = std::env::temp_dir().join(format!("slopegen-{key:08x}.lock"));
        let err = |source| Error::Write {
            path: path.clone(),
            source,
        };
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(err)?;
        file.lock().map_err(err)?;
        Ok(FolderLock { _file: file })
    }
}

/// Creates `dir` and any missing parents; returns those it created, deepest first. Another
/// run creating the same folders at the same time is no error.
fn create_missing_dirs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut cur = Some(dir);
    while let Some(p) = cur.filter(|p| !p.as_os_str().is_empty() && !p.exists()) {
        missing.push(p.to_owned());
        cur = p.parent();
    }
    if let Some(file) = cur.filter(|p| !p.as_os_str().is_empty() && !p.is_dir()) {
        return Err(Error::OutputNotAFolder {
            path: dir.to_owned(),
            file: file.to_owned(),
        });
    }
    let mut created = Vec::new();
    for p in missing.iter().rev() {
        match fs::create_dir(p) {
            Ok(()) => created.push(p.clone()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && p.is_dir() => {}
            Err(source) => {
                for made in created.iter().rev() {
                    let _ = fs::remove_dir(made);
                }
                return Err(Error::CreateFolder {
                    path: dir.to_owned(),
                    at: p.clone(),
                    source,
                });
            }
        }
    }
    created.reverse();
    Ok(created)
}
