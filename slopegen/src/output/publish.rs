//! Publishing an output set: one atomic switch for `NAME.bin` and `NAME.rs` together, under
//! an advisory lock on the output folder.
//!
//! ```text
//!   OUT/NAME.bin ─▶ .slopegen/NAME.set/current/NAME.bin     (symbolic links, made once)
//!   OUT/NAME.rs  ─▶ .slopegen/NAME.set/current/NAME.rs
//!   OUT/.slopegen/NAME.set/current ─▶ v-XXXXXX               (replaced by one rename)
//!   OUT/.slopegen/NAME.set/v-XXXXXX/{NAME.bin, NAME.rs}      (one folder per version)
//!   OUT/.slopegen/lock                                       (held while a run writes)
//! ```
//!
//! A run writes the new version's folder completely (and syncs it), then renames a fresh
//! `current` link over the old one: readers see every file of the old set or every file of
//! the new one, whenever the process is killed. Files whose bytes did not change are
//! hard-linked from the old version, so their modification time stays. The version before
//! the current one is kept (a reader may have just resolved its path); older versions and
//! the staging of killed runs are removed by the next run, under the lock.
//!
//! Elsewhere than on Unix (no symbolic links for everyone), each file is replaced on its own
//! by an atomic rename: never torn, but the two files switch one after the other.

use std::fs::{self, File};
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};

use crate::encode::rust::OutputFile;
use crate::error::text::kind_of;
use crate::error::{Error, Result};

/// The folder, inside the output folder, that holds the versions and the lock.
pub const STORE: &str = ".slopegen";

/// Prefix of everything a run stages directly in the output folder (removed by the next
/// run if the process was killed). Earlier versions of slopegen staged files with it too.
const STAGING: &str = ".slopegen-";

/// Writes `files` (each named `STEM.ext`) into `dir` as one set; returns the paths whose
/// contents changed (empty: everything was already up to date, nothing was touched).
pub(crate) fn publish(dir: &Path, stem: &str, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    let created = create_missing_dirs(dir)?;
    let store = dir.join(STORE);
    let store_existed = store.exists();
    // The lock is held until the closure returns, before the folders made are cleaned up.
    let result = OutputLock::acquire(dir).and_then(|_lock| {
        let result = switch(dir, stem, files);
        if result.is_err() {
            if !store_existed && !holds_a_set(&store) {
                // Leave no trace in a folder that had none: our store went in with this run.
                let _ = fs::remove_dir_all(&store);
            } else {
                // Drop the half-made version; the set stays as it was.
                let set = store.join(format!("{stem}.set"));
                let current = fs::read_link(set.join("current")).ok();
                remove_stale(dir, &set, current.as_deref(), None);
            }
        }
        result
    });
    if result.is_err() {
        // Remove the folders this run made, deepest first, only while empty.
        for made in &created {
            let _ = fs::remove_dir(made);
        }
    }
    result
}

/// Whether any output set lives in the store (another run may have published one).
fn holds_a_set(store: &Path) -> bool {
    fs::read_dir(store)
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| fs::symlink_metadata(e.path().join("current")).is_ok())
}

/// An advisory lock (`flock`) on `OUT/.slopegen/lock`: concurrent runs into one folder
/// take turns. Released when dropped (or when the process dies).
struct OutputLock {
    _file: File,
}

impl OutputLock {
    fn acquire(dir: &Path) -> Result<OutputLock> {
        let store = dir.join(STORE);
        let path = store.join("lock");
        let err = |path: &Path| {
            let path = path.to_owned();
            move |source| Error::Write { path, source }
        };
        loop {
            match fs::create_dir(&store) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && store.is_dir() => {}
                Err(e) => return Err(err(&store)(e)),
            }
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(err(&path))?;
            file.lock().map_err(err(&path))?;
            // A run that failed may have removed the store (and this lock file) while we
            // waited: a lock on an unlinked file guards nothing, so start over.
            if same_file(&file, &path) {
                return Ok(OutputLock { _file: file });
            }
        }
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

/// What is at `OUT/NAME.ext` now.
#[derive(Debug, PartialEq, Eq)]
enum Entry {
    Missing,
    /// Our link into the store.
    Linked,
    /// A regular file (an older slopegen's output, or anything else).
    File,
    /// Some other symbolic link: replaced by ours.
    OtherLink,
}

fn entry(path: &Path, link_target: &Path) -> Result<Entry> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Entry::Missing),
        Err(source) => {
            return Err(Error::Write {
                path: path.to_owned(),
                source,
            });
        }
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        let ours = fs::read_link(path).is_ok_and(|t| t == link_target);
        return Ok(if ours {
            Entry::Linked
        } else {
            Entry::OtherLink
        });
    }
    if kind.is_file() {
        return Ok(Entry::File);
    }
    Err(Error::Blocked {
        path: path.to_owned(),
        what: kind_of(&meta),
    })
}

#[cfg(unix)]
fn switch(dir: &Path, stem: &str, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    let store = dir.join(STORE).join(format!("{stem}.set"));
    let werr = |path: &Path| {
        let path = path.to_owned();
        move |source| Error::Write { path, source }
    };
    match fs::create_dir(&store) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && store.is_dir() => {}
        Err(e) => return Err(werr(&store)(e)),
    }
    let current = fs::read_link(store.join("current")).ok();
    remove_stale(dir, &store, current.as_deref(), None);

    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    // The pair, this run's other files (packed maps), and those of the current version
    // (carried over when this run does not write them, as the pair's are).
    let mut all = vec![format!("{stem}.bin"), format!("{stem}.rs")];
    let previous_files = current
        .as_ref()
        .and_then(|c| fs::read_dir(store.join(c)).ok())
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().into_string().ok());
    for name in files.iter().map(|f| f.name.clone()).chain(previous_files) {
        if !all.contains(&name) {
            all.push(name);
        }
    }
    let link_target = |name: &str| Path::new(STORE).join(format!("{stem}.set/current/{name}"));
    let mut entries = Vec::new();
    for name in &all {
        let path = dir.join(name);
        let state = entry(&path, &link_target(name));
        // Only what this run writes must be replaceable; other files stay as they are.
        if names.contains(&name.as_str()) {
            entries.push((name.as_str(), state?));
        } else if let Ok(state) = state {
            entries.push((name.as_str(), state));
        }
    }
    let state_of = |name: &str| entries.iter().find(|(n, _)| *n == name).map(|(_, s)| s);

    // Which files change. Unchanged and already linked: nothing to do at all.
    let old_dir = current.as_ref().map(|c| store.join(c));
    let unchanged = |file: &OutputFile| {
        state_of(&file.name) == Some(&Entry::Linked)
            && old_dir
                .as_ref()
                .is_some_and(|d| same_contents(&d.join(&file.name), &file.bytes))
    };
    let changed: Vec<&OutputFile> = files.iter().filter(|f| !unchanged(f)).collect();
    let needs_link = entries
        .iter()
        .any(|(n, s)| names.contains(n) && *s != Entry::Linked);
    if changed.is_empty() && !needs_link {
        return Ok(Vec::new());
    }

    // The new version, complete and synced before anyone can see it.
    let new = new_version(&store)?;
    for name in &all {
        let path = new.join(name);
        match files.iter().find(|f| &f.name == name) {
            Some(file) if !changed.contains(&file) => link_or_copy(&old_dir, name, &path)?,
            Some(file) => write_synced(&path, &file.bytes).map_err(werr(&dir.join(name)))?,
            // Not written by this run, but part of the set already: carried over.
            None if state_of(name) == Some(&Entry::Linked) => {
                link_or_copy(&old_dir, name, &path)?;
            }
            None => {}
        }
    }
    sync_dir(&new).map_err(werr(&new))?;

    // Regular files from before (an older slopegen wrote them) join a version of their own
    // first, so that turning them into links changes nothing a reader sees.
    let olds: Vec<&str> = entries
        .iter()
        .filter(|(n, s)| names.contains(n) && *s == Entry::File)
        .map(|(n, _)| *n)
        .collect();
    let mut previous = current.clone();
    if !olds.is_empty() {
        let old = new_version(&store)?;
        for name in &all {
            let target = old.join(name);
            if olds.contains(&name.as_str()) {
                link_or_copy(&Some(dir.to_owned()), name, &target)?;
            } else if state_of(name) == Some(&Entry::Linked) {
                link_or_copy(&old_dir, name, &target)?;
            }
        }
        sync_dir(&old).map_err(werr(&old))?;
        set_current(&store, &old)?;
        previous = old.file_name().map(PathBuf::from);
    }
    // Links for files that are not links yet: they show what `current` holds (the old
    // contents, or nothing) until the switch.
    for (name, state) in &entries {
        if names.contains(name) && *state != Entry::Linked {
            replace_with_link(dir, name, &link_target(name))?;
        }
    }
    sync_dir(dir).map_err(werr(dir))?;

    // The switch.
    set_current(&store, &new)?;
    let new_name = new.file_name().map(PathBuf::from);
    remove_stale(dir, &store, new_name.as_deref(), previous.as_deref());
    Ok(changed.iter().map(|f| dir.join(&f.name)).collect())
}

#[cfg(not(unix))]
fn switch(dir: &Path, _stem: &str, files: &[OutputFile]) -> Result<Vec<PathBuf>> {
    remove_stale(dir, &dir.join(STORE), None, None);
    let mut written = Vec::new();
    for file in files {
        let target = dir.join(&file.name);
        let link = Path::new("");
        if entry(&target, link)? == Entry::File && same_contents(&target, &file.bytes) {
            continue;
        }
        let werr = |source| Error::Write {
            path: target.clone(),
            source,
        };
        let mut tmp = tempfile::Builder::new()
            .prefix(STAGING)
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(werr)?;
        tmp.write_all(&file.bytes).map_err(werr)?;
        tmp.as_file().sync_all().map_err(werr)?;
        tmp.persist(&target).map_err(|e| werr(e.error))?;
        written.push(target);
    }
    Ok(written)
}

/// Whether `path` is a regular file holding exactly `bytes` (reads at most that many + 1).
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

// Used by the publishing of unix and windows only (other targets, such as wasm, only pack).
#[cfg_attr(not(any(unix, windows)), allow(dead_code))]
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create_new(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// A fresh, empty version folder `v-XXXXXX` in the store, readable by all like any folder
/// (a temp folder would be private to its owner).
#[cfg(unix)]
fn new_version(store: &Path) -> Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let werr = |source| Error::Write {
        path: store.to_owned(),
        source,
    };
    let dir = tempfile::Builder::new()
        .prefix("v-")
        .rand_bytes(8)
        .tempdir_in(store)
        .map(tempfile::TempDir::keep)
        .map_err(werr)?;
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).map_err(werr)?;
    Ok(dir)
}

/// `to` becomes the file `name` of folder `from`: a hard link (same inode, same mtime), or a
/// copy where links are not possible.
#[cfg(unix)]
fn link_or_copy(from: &Option<PathBuf>, name: &str, to: &Path) -> Result<()> {
    let Some(from) = from else {
        return Ok(());
    };
    let source = from.join(name);
    fs::hard_link(&source, to)
        .or_else(|_| fs::copy(&source, to).map(drop))
        .map_err(|source| Error::Write {
            path: to.to_owned(),
            source,
        })
}

/// A fresh symbolic link named `name` in `dir`, made beside it and renamed into place.
#[cfg(unix)]
fn make_link(dir: &Path, name: &str, target: &Path) -> Result<()> {
    let path = dir.join(name);
    let werr = |source| Error::Write {
        path: path.clone(),
        source,
    };
    for attempt in 0u32.. {
        let tmp = dir.join(format!(
            "{STAGING}link-{}-{attempt}.tmp",
            std::process::id()
        ));
        match std::os::unix::fs::symlink(target, &tmp) {
            Ok(()) => {
                return fs::rename(&tmp, &path).map_err(|e| {
                    let _ = fs::remove_file(&tmp);
                    werr(e)
                });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {}
            Err(e) => return Err(werr(e)),
        }
    }
    unreachable!("the loop returns")
}

#[cfg(unix)]
fn replace_with_link(dir: &Path, name: &str, target: &Path) -> Result<()> {
    make_link(dir, name, target)
}

/// Points `store/current` at `version`, atomically.
#[cfg(unix)]
fn set_current(store: &Path, version: &Path) -> Result<()> {
    let name = version.file_name().map(PathBuf::from).unwrap_or_default();
    make_link(store, "current", &name)?;
    sync_dir(store).map_err(|source| Error::Write {
        path: store.to_owned(),
        source,
    })
}

/// Removes what killed runs left behind: staging files in `dir`, and every version folder
/// in `store` but `keep` and `also_keep`.
fn remove_stale(dir: &Path, store: &Path, keep: Option<&Path>, also_keep: Option<&Path>) {
    let entries = |d: &Path| {
        fs::read_dir(d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect::<Vec<_>>()
    };
    for path in entries(dir) {
        let staged = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(STAGING) && n.ends_with(".tmp"))
            || path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(".slopegen-old-"));
        let is_file = fs::symlink_metadata(&path).is_ok_and(|m| !m.is_dir());
        if staged && is_file {
            let _ = fs::remove_file(&path);
        }
    }
    for path in entries(store) {
        let Some(name) = path.file_name().map(Path::new) else {
            continue;
        };
        let n = name.to_string_lossy();
        if n.starts_with("v-") && Some(name) != keep && Some(name) != also_keep {
            let _ = fs::remove_dir_all(&path);
        } else if n.starts_with(STAGING) {
            let _ = fs::remove_file(&path);
        }
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
