//! A tileset sheet: one image of tiles in a grid (optionally with a margin around the grid
//! and spacing between tiles), cut into tiles.
//!
//! Transparency is decided once for the whole image (see [`read_sheet_image`]), so a fully opaque
//! block in a sheet drawn on transparency is solid, like every other opaque pixel of it.
//! Each tile is then empty (no solid pixel: skipped), full (every pixel: a
//! [`slope_runtime::Cell::FULL`] in maps, no shape) or a shape, named by its tileset's `name`
//! property if it has one, else `<sheet>_<index>` (index from 0, row by row).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::png::{SolidImage, read_sheet_image};
use crate::model::Model;
use crate::model::bitmap::Bitmap;
use crate::model::file_stem;
use crate::model::map::TileArt;
use crate::model::tileset::{Tile, TileSet, check_name, constant_name};
use slope_runtime::Variant;

/// How a sheet is cut.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SheetSpec {
    /// The image.
    pub image: PathBuf,
    /// Tile width and height in pixels (must be equal, 4 to 64).
    pub tile_width: u32,
    /// Tile height in pixels.
    pub tile_height: u32,
    /// Pixels around the grid.
    pub margin: u32,
    /// Pixels between tiles.
    pub spacing: u32,
}

/// One tile of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// No solid pixel.
    Empty,
    /// Every pixel solid.
    Full,
    /// Anything else: a shape.
    Shape(Bitmap),
}

/// A sheet cut into tiles.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// How it was cut.
    pub spec: SheetSpec,
    /// The file that described it (the `.tsx`, the map, or the image itself), for messages.
    pub defined_in: PathBuf,
    /// The prefix of its tiles' default names.
    pub prefix: String,
    /// Names given by the tileset's `name` properties, by tile index.
    pub names: BTreeMap<u32, String>,
    /// Its tiles, row by row.
    pub tiles: Vec<TileKind>,
    /// Tiles per row.
    pub columns: u32,
    /// Tiles that lie partly outside the image (counted as LDtk counts its tilesets' tiles;
    /// none for other sheets), read as empty: an error where they are used.
    pub partial: BTreeSet<u32>,
}

/// How a sheet's columns and rows are counted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    /// The image must be a whole number of tiles for its margin and spacing (Tiled, a sheet
    /// given alone).
    Exact,
    /// As LDtk counts them: `ceil((size - 2·padding) / (tile + spacing))`, a partial last
    /// column or row included (its tiles in [`Sheet::partial`]).
    Partial,
}

impl Sheet {
    /// Where tile `id` is drawn from: its picture in the sheet's image, placed as `variant`.
    pub fn art(&self, id: u32, image: u16, variant: Variant) -> TileArt {
        let (col, row) = (id % self.columns.max(1), id / self.columns.max(1));
        let step = self.spec.tile_width + self.spec.spacing;
        TileArt {
            image,
            x: self.spec.margin + col * step,
            y: self.spec.margin + row * step,
            variant,
        }
    }

    /// Reads and cuts the sheet. Errors name `defined_in` or the image.
    pub fn read(
        spec: SheetSpec,
        defined_in: &Path,
        prefix: &str,
        names: BTreeMap<u32, String>,
    ) -> Result<Sheet> {
        Sheet::read_counting(spec, defined_in, prefix, names, Count::Exact)
    }

    /// [`Sheet::read`], its columns and rows counted by `count`.
    pub(crate) fn read_counting(
        spec: SheetSpec,
        defined_in: &Path,
        prefix: &str,
        names: BTreeMap<u32, String>,
        count: Count,
    ) -> Result<Sheet> {
        let n = tile_size(&spec, defined_in)?;
        let image = match std::fs::metadata(&spec.image) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(MapError::MissingImage {
                    file: defined_in.to_owned(),
                    image: spec.image.clone(),
                }
                .into());
            }
            _ => read_sheet_image(&spec.image)?,
        };
        let (columns, rows) = match count {
            Count::Exact => grid(&spec, &image)?,
            Count::Partial => ldtk_grid(&spec, &image)?,
        };
        let mut tiles = Vec::with_capacity((columns * rows) as usize);
        let mut partial = BTreeSet::new();
        for row in 0..rows {
            for col in 0..columns {
                let x0 = u64::from(spec.margin) + u64::from(col) * u64::from(n + spec.spacing);
                let y0 = u64::from(spec.margin) + u64::from(row) * u64::from(n + spec.spacing);
                if x0 + u64::from(n) > u64::from(image.width)
                    || y0 + u64::from(n) > u64::from(image.height)
                {
                    partial.insert(tiles.len() as u32);
                    tiles.push(TileKind::Empty);
                    continue;
                }
                tiles.push(cut(&image, x0 as u32, y0 as u32, n));
            }
        }
        if tiles.len() > usize::from(u16::MAX) {
            return Err(Error::TooManyTiles {
                path: spec.image.clone(),
                count: tiles.len(),
            });
        }
        Ok(Sheet {
            spec,
            defined_in: defined_in.to_owned(),
            prefix: prefix.to_owned(),
            names,
            tiles,
            columns,
            partial,
        })
    }

    /// The name of tile `index`: its `name` property, else `<prefix>_<index>`.
    pub fn tile_name(&self, index: u32) -> String {
        self.names
            .get(&index)
            .cloned()
            .unwrap_or_else(|| format!("{}_{index}", self.prefix))
    }

    /// The shapes of the sheet (neither empty nor full), as tiles named by [`Sheet::tile_name`],
    /// each with the path `IMAGE#INDEX`. Every tile whose name cannot be used is reported
    /// (an [`Error::Several`] for more than one), not only the first.
    pub fn shapes(&self) -> Result<Vec<Tile>> {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        for (index, kind) in self.tiles.iter().enumerate() {
            let TileKind::Shape(bitmap) = kind else {
                continue;
            };
            let index = index as u32;
            let name = self.tile_name(index);
            let path = self.tile_path(index);
            if let Err(problem) = check_name(&name) {
                errors.push(
                    MapError::BadTileName {
                        file: self.defined_in.clone(),
                        tile: index,
                        problem: problem.replace("the file name", "its name"),
                    }
                    .into(),
                );
                continue;
            }
            out.push(Tile {
                constant: constant_name(&name),
                name,
                path,
                bitmap: bitmap.clone(),
            });
        }
        Error::collect(&self.defined_in, errors)?;
        Ok(out)
    }

    /// `IMAGE#INDEX`: how a tile of the sheet is shown in messages and comments.
    pub fn tile_path(&self, index: u32) -> PathBuf {
        let mut p = self.spec.image.clone().into_os_string();
        p.push(format!("#{index}"));
        PathBuf::from(p)
    }
}

/// A sheet image given alone (`slopegen sheet.png --tile-size N`): its shapes, named
/// `<image stem>_<index>`.
pub(crate) fn read_sheet_input(
    image: &Path,
    tile_size: u32,
    margin: u32,
    spacing: u32,
) -> Result<Model> {
    let spec = SheetSpec {
        image: image.to_owned(),
        tile_width: tile_size,
        tile_height: tile_size,
        margin,
        spacing,
    };
    let sheet = Sheet::read(spec, image, &file_stem(image), BTreeMap::new())?;
    Ok(Model {
        set: sheet_tileset(&sheet)?,
        maps: Vec::new(),
        sources: vec![image.to_owned()],
        warnings: Vec::new(),
    })
}

/// The tile set of one sheet alone: its shapes, at least one.
pub(crate) fn sheet_tileset(sheet: &Sheet) -> Result<TileSet> {
    let shapes = sheet.shapes()?;
    if shapes.is_empty() {
        return Err(MapError::NoShapes {
            file: sheet.defined_in.clone(),
        }
        .into());
    }
    TileSet::from_tiles(&sheet.spec.image, shapes)
}

/// N, checked: square, 4 to 64.
fn tile_size(spec: &SheetSpec, defined_in: &Path) -> Result<u32> {
    let (w, h) = (spec.tile_width, spec.tile_height);
    if w != h || !(4..=64).contains(&w) {
        return Err(MapError::SheetTileSize {
            file: defined_in.to_owned(),
            width: w,
            height: h,
        }
        .into());
    }
    Ok(w)
}

/// Columns and rows; the image must be a whole number of tiles for its margin and spacing.
fn grid(spec: &SheetSpec, image: &SolidImage) -> Result<(u32, u32)> {
    let n = spec.tile_width;
    let axis = |len: u32, axis: &'static str| -> Result<u32> {
        let inner = i64::from(len) - 2 * i64::from(spec.margin) + i64::from(spec.spacing);
        let step = i64::from(n) + i64::from(spec.spacing);
        if inner < step || inner % step != 0 {
            return Err(MapError::SheetGrid {
                file: spec.image.clone(),
                width: image.width,
                height: image.height,
                axis,
                tile: n,
                margin: spec.margin,
                spacing: spec.spacing,
            }
            .into());
        }
        Ok((inner / step) as u32)
    };
    Ok((axis(image.width, "width")?, axis(image.height, "height")?))
}

/// Columns and rows as LDtk counts them (its `TilesetDef`'s `cWid` and `cHei`):
/// `ceil((size - 2·padding) / (tile + spacing))`, a partial last column or row included;
/// at least one tile each way.
fn ldtk_grid(spec: &SheetSpec, image: &SolidImage) -> Result<(u32, u32)> {
    let n = spec.tile_width;
    let axis = |len: u32, axis: &'static str| -> Result<u32> {
        let inner = i64::from(len) - 2 * i64::from(spec.margin);
        let step = i64::from(n) + i64::from(spec.spacing);
        if inner < 1 {
            return Err(MapError::SheetGrid {
                file: spec.image.clone(),
                width: image.width,
                height: image.height,
                axis,
                tile: n,
                margin: spec.margin,
                spacing: spec.spacing,
            }
            .into());
        }
        Ok(((inner + step - 1) / step) as u32)
    };
    Ok((axis(image.width, "width")?, axis(image.height, "height")?))
}

/// The tile whose top-left pixel is (x0, y0) in the image (y down), in the spec's
/// coordinates (y up).
fn cut(image: &SolidImage, x0: u32, y0: u32, n: u32) -> TileKind {
    let last = n - 1;
    let bitmap = Bitmap::from_fn(n as u8, |x, y| {
        image.get(x0 + u32::from(x), y0 + last - u32::from(y))
    });
    classify(bitmap)
}

/// A tile's bitmap as empty, full or a shape.
pub(crate) fn classify(bitmap: Bitmap) -> TileKind {
    let n = u32::from(bitmap.size());
    let solid: u32 = bitmap.columns().iter().map(|c| c.count_ones()).sum();
    if solid == 0 {
        TileKind::Empty
    } else if solid == n * n {
        TileKind::Full
    } else {
        TileKind::Shape(bitmap)
    }
}

/// The index of `image` in `images`, added if new (`None` past 65,535 images).
pub(crate) fn image_index(images: &mut Vec<PathBuf>, image: &Path) -> Option<u16> {
    let at = match images.iter().position(|i| i == image) {
        Some(at) => at,
        None => {
            images.push(image.to_owned());
            images.len() - 1
        }
    };
    u16::try_from(at).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    /// Every tile of a sheet whose name cannot be used is named, not only the first.
    #[test]
    fn every_bad_tile_name_of_a_sheet_is_reported() {
        let root = tempfile::tempdir().unwrap();
        let image = root.path().join("sheet.png");
        // Three 4-px shapes side by side.
        image::GrayImage::from_fn(12, 4, |x, y| {
            image::Luma([if 3 - y <= x % 4 { 0 } else { 255 }])
        })
        .save(&image)
        .unwrap();
        let spec = SheetSpec {
            image: image.clone(),
            tile_width: 4,
            tile_height: 4,
            margin: 0,
            spacing: 0,
        };
        let names = [(0, "_".to_owned()), (2, "é".to_owned())].into();
        let sheet = Sheet::read(spec, &image, "sheet", names).unwrap();
        let err = sheet.shapes().unwrap_err();
        let problems: Vec<String> = err.errors().iter().map(ToString::to_string).collect();
        assert_eq!(problems.len(), 2, "{err}");
        assert!(
            problems[0].contains("tile 0:") && problems[1].contains("tile 2:"),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .all(|p| p.starts_with(&image.display().to_string())),
            "{problems:?}"
        );
        assert!(err.to_string().lines().count() == 3, "{err}");
    }

    /// Two 4-px tiles side by side: a light, fully opaque block, and a half drawn on
    /// transparency. Decided per tile, the block (no transparent pixel of its own) would fall
    /// back to the darkness rule and read as empty; decided for the image, it is full.
    #[test]
    fn transparency_is_decided_once_per_image() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.png");
        RgbaImage::from_fn(8, 4, |x, y| {
            if x < 4 || y >= 2 {
                Rgba([200, 255, 200, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        })
        .save(&path)
        .unwrap();
        let spec = SheetSpec {
            image: path.clone(),
            tile_width: 4,
            tile_height: 4,
            margin: 0,
            spacing: 0,
        };
        let sheet = Sheet::read(spec, &path, "s", BTreeMap::new()).unwrap();
        assert_eq!(sheet.tiles[0], TileKind::Full);
        let TileKind::Shape(half) = &sheet.tiles[1] else {
            panic!("{:?}", sheet.tiles[1]);
        };
        // y up: the bottom two rows are solid
        assert!(half.get(0, 0) && half.get(3, 1) && !half.get(0, 2));
        let shapes = sheet.shapes().unwrap();
        assert_eq!(shapes.len(), 1);
        assert_eq!(shapes[0].name, "s_1");
        assert!(shapes[0].path.to_string_lossy().ends_with("s.png#1"));
    }
}
