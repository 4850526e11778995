//! A tile folder: every `*.png` in it, sorted by name, all of one size.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::tile::{Tile, read_tile};
use crate::{Error, Result};

/// The tiles of one folder, sorted by name (so ids and output are reproducible).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// The folder they were read from.
    pub folder: PathBuf,
    /// N: every tile is N×N.
    pub tile_size: u8,
    /// The tiles, sorted by name; a tile's index is its shape id.
    pub tiles: Vec<Tile>,
}

impl TileSet {
    /// Reads every `*.png` (any case of the extension) directly in `folder`. Every bad tile
    /// is reported, not only the first: one problem is returned as is, several as an
    /// [`Error::Several`] listing each (unreadable or invalid PNGs, odd sizes, name clashes).
    pub fn read(folder: &Path) -> Result<TileSet> {
        let paths = png_paths(folder)?;
        if paths.len() > usize::from(u16::MAX) {
            return Err(Error::TooManyTiles {
                path: folder.to_owned(),
                count: paths.len(),
            });
        }
        let mut tiles = Vec::with_capacity(paths.len());
        let mut errors = Vec::new();
        for path in &paths {
            match read_tile(path) {
                Ok(tile) => tiles.push(tile),
                Err(e) => errors.push(e),
            }
        }
        checked(folder, tiles, errors)
    }

    /// Checks and sorts tiles read elsewhere: usable names (as [`read_tile`] checks them),
    /// one size, distinct constant names. Every problem is reported, as [`TileSet::read`]
    /// does.
    pub fn from_tiles(folder: &Path, tiles: Vec<Tile>) -> Result<TileSet> {
        checked(folder, tiles, Vec::new())
    }

    /// The folder's own name (`tiles` for `path/to/tiles/`), used as the default output stem.
    pub fn folder_name(&self) -> Option<&str> {
        folder_name(&self.folder)
    }
}

/// The set of `tiles` (sorted by name), or every problem: `errors` (found while reading
/// them), then names that cannot be used, tiles whose size differs from the first one's and
/// names that give the same constant.
fn checked(folder: &Path, tiles: Vec<Tile>, mut errors: Vec<Error>) -> Result<TileSet> {
    let mut good = Vec::with_capacity(tiles.len());
    for tile in tiles {
        match crate::tile::check_name(&tile.name) {
            Ok(()) => good.push(tile),
            Err(problem) => errors.push(Error::BadName {
                path: tile.path,
                problem,
            }),
        }
    }
    good.sort_by(|a, b| a.name.cmp(&b.name));
    let Some(first) = good.first() else {
        Error::collect(folder, errors)?;
        return Err(Error::NoTiles {
            path: folder.to_owned(),
        });
    };
    let n = first.bitmap.size();
    for odd in good.iter().filter(|t| t.bitmap.size() != n) {
        errors.push(Error::SizeMismatch {
            path: odd.path.clone(),
            size: odd.bitmap.size().into(),
            first: first.path.clone(),
            expected: n.into(),
        });
    }
    let mut seen: BTreeMap<&str, &Tile> = BTreeMap::new();
    for tile in &good {
        if let Some(other) = seen.insert(&tile.constant, tile) {
            errors.push(Error::NameClash {
                first: other.path.clone(),
                second: tile.path.clone(),
                ident: tile.constant.clone(),
            });
        }
    }
    Error::collect(folder, errors)?;
    Ok(TileSet {
        folder: folder.to_owned(),
        tile_size: n,
        tiles: good,
    })
}

/// The last component of a folder path, resolving `.` and trailing slashes.
pub(crate) fn folder_name(folder: &Path) -> Option<&str> {
    folder
        .components()
        .rev()
        .find_map(|c| match c {
            std::path::Component::Normal(name) => Some(name),
            _ => None,
        })
        .and_then(|name| name.to_str())
}

/// The entries named `*.png` in `folder`, sorted by path. Each must be a regular file or a
/// symbolic link to one, which [`read_tile`] checks: anything else (a folder, a FIFO, a
/// device, a broken link, a link loop) is an error naming it, never skipped (skipping one
/// would renumber the shapes after it).
pub(crate) fn png_paths(folder: &Path) -> Result<Vec<PathBuf>> {
    let meta = std::fs::metadata(folder).map_err(|source| {
        if source.kind() == std::io::ErrorKind::NotFound {
            Error::MissingFolder {
                path: folder.to_owned(),
            }
        } else {
            Error::Read {
                path: folder.to_owned(),
                source,
            }
        }
    })?;
    if !meta.is_dir() {
        return Err(Error::NotAFolder {
            path: folder.to_owned(),
        });
    }
    let read_err = |source| Error::Read {
        path: folder.to_owned(),
        source,
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(read_err)? {
        let path = entry.map_err(read_err)?.path();
        let is_png = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if is_png {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(Error::NoTiles {
            path: folder.to_owned(),
        });
    }
    paths.sort();
    Ok(paths)
}

/// `path` is a regular file, or a symbolic link to one (followed, naming what is wrong).
pub(crate) fn check_regular(path: &Path) -> Result<()> {
    let not_a_file = |what: &'static str| Error::NotAFile {
        path: path.to_owned(),
        what: what.to_owned(),
    };
    let own = std::fs::symlink_metadata(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    if !own.file_type().is_symlink() {
        return match own.is_file() {
            true => Ok(()),
            false => Err(not_a_file(kind_of(&own))),
        };
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => Err(Error::NotAFile {
            path: path.to_owned(),
            what: format!("a symbolic link to {}", kind_of(&meta)),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(not_a_file(
            "a broken symbolic link (its target does not exist)",
        )),
        Err(e) if e.raw_os_error() == Some(40) || e.to_string().contains("symbolic links") => Err(
            not_a_file("a symbolic link that loops (too many levels of links)"),
        ),
        Err(source) => Err(Error::Read {
            path: path.to_owned(),
            source,
        }),
    }
}

/// What a directory entry is, in words: `a folder`, `a FIFO`…
pub(crate) fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bitmap;

    fn tile(name: &str) -> Tile {
        Tile {
            name: name.into(),
            constant: crate::constant_name(name),
            path: format!("{name}.png").into(),
            bitmap: Bitmap::from_fn(4, |x, y| y <= x),
        }
    }

    /// Tiles built by hand get the same name rules as tiles read from PNGs, so `pack` never
    /// writes a name the runtime refuses.
    #[test]
    fn from_tiles_checks_names() {
        for bad in ["a\nb", "_", "é", ""] {
            let err = TileSet::from_tiles(Path::new("t"), vec![tile("ok"), tile(bad)]);
            assert!(
                matches!(err, Err(Error::BadName { .. })),
                "{bad:?}: {err:?}"
            );
        }
        assert!(TileSet::from_tiles(Path::new("t"), vec![tile("ok"), tile("45°")]).is_ok());
    }
}
