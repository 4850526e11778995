//! The shapes: tiles (a name and a [`Bitmap`] each) gathered into a [`TileSet`], and the
//! rules every shape name follows, whichever input it comes from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::text::escape;
use crate::error::{Error, Result};
use crate::model::bitmap::Bitmap;

/// A tile read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The shape's name: the PNG file stem, as is.
    pub name: String,
    /// The Rust constant for its id (see [`constant_name`]).
    pub constant: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// Its solid pixels.
    pub bitmap: Bitmap,
}

/// The Rust constant for a shape name: upper-cased, every character outside `A-Z0-9`
/// turned into `_`, and a leading `_` if it starts with a digit. (Tile names without any
/// ASCII letter or digit are refused by [`read_tile`](crate::read_tile): theirs would be all `_`.)
///
/// ```
/// assert_eq!(slopegen::constant_name("slope22_1"), "SLOPE22_1");
/// assert_eq!(slopegen::constant_name("Slope 45"), "SLOPE_45");
/// assert_eq!(slopegen::constant_name("45°"), "_45_");
/// ```
pub fn constant_name(name: &str) -> String {
    let mut ident: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    if ident.starts_with(|c: char| c.is_ascii_digit()) {
        ident.insert(0, '_');
    }
    ident
}

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
    /// The shapes a set of maps uses, checked as [`TileSet::from_tiles`] does; none at all
    /// is a set too (maps of blocks only).
    pub(crate) fn of_maps(folder: &Path, tile_size: u8, tiles: Vec<Tile>) -> Result<TileSet> {
        if tiles.is_empty() {
            return Ok(TileSet {
                folder: folder.to_owned(),
                tile_size,
                tiles,
            });
        }
        TileSet::from_tiles(folder, tiles)
    }

    /// Each shape's id, by name.
    pub(crate) fn ids(&self) -> BTreeMap<&str, u16> {
        self.tiles
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), i as u16))
            .collect()
    }

    /// Checks and sorts tiles read elsewhere: usable names (as [`read_tile`](crate::read_tile) checks them),
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
pub(crate) fn checked(folder: &Path, tiles: Vec<Tile>, mut errors: Vec<Error>) -> Result<TileSet> {
    let mut good = Vec::with_capacity(tiles.len());
    for tile in tiles {
        match check_name(&tile.name) {
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

/// Whether a file stem can name a shape: at most 255 bytes, no control characters, at
/// least one ASCII letter or digit (else its constant would be all `_`), and not a name
/// whose constant is the generated module's `TABLES`.
pub(crate) fn check_name(name: &str) -> std::result::Result<(), String> {
    if name.len() > 255 {
        return Err("the file name is longer than 255 bytes".into());
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the file name holds a control character ({}); rename the file",
            c.escape_debug()
        ));
    }
    if !name.chars().any(|c| c.is_ascii_alphanumeric()) {
        return Err(format!(
            "the name `{}` has no ASCII letter or digit, so it gives no usable Rust constant; rename the file",
            escape(name)
        ));
    }
    if constant_name(name) == "TABLES" {
        return Err(format!(
            "the name `{}` gives the constant `TABLES`, which the generated module keeps for the tables; rename the file",
            escape(name)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(name: &str) -> Tile {
        Tile {
            name: name.into(),
            constant: constant_name(name),
            path: format!("{name}.png").into(),
            bitmap: Bitmap::from_fn(4, |x, y| y <= x),
        }
    }

    /// Tiles built by hand get the same name rules as tiles read from PNGs, so `pack` never
    /// writes a name the runtime refuses.
    #[test]
    fn from_tiles_checks_names() {
        for bad in ["a\nb", "_", "é", "", "tables", "Tables"] {
            let err = TileSet::from_tiles(Path::new("t"), vec![tile("ok"), tile(bad)]);
            assert!(
                matches!(err, Err(Error::BadName { .. })),
                "{bad:?}: {err:?}"
            );
        }
        assert!(TileSet::from_tiles(Path::new("t"), vec![tile("ok"), tile("45°")]).is_ok());
    }
}
