//! Levels drawn as column heights: each cell given by how many pixels of each of its
//! columns are solid from its bottom, its tile made and packed by slopegen. Included by
//! the tests that move actors over terrain (`#[path]`, as `drawn`).
#![allow(dead_code)] // each test file uses its share

use std::collections::HashMap;
use std::path::Path;

use slope_runtime::{Cell, Tables, TileMap, Variant};
use slopegen::{Bitmap, Tile, TileSet};

/// Cells of drawn tiles: full blocks below row 0 and empty cells from row `rows` up, or
/// where no cell was drawn.
pub struct Level {
    pub cells: HashMap<(i32, i32), Cell>,
    pub rows: i32,
}

impl TileMap for Level {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        if ty < 0 {
            return Cell::FULL;
        }
        if ty >= self.rows {
            return Cell::EMPTY;
        }
        self.cells.get(&(tx, ty)).copied().unwrap_or(Cell::EMPTY)
    }
}

/// The level of `n`-px cells drawn by `profiles` (cell, then per column the solid pixels
/// from its bottom), `rows` rows high: a profile of only `n` is a full block, of only 0
/// nothing; every other distinct profile becomes one tile, packed into one blob (which
/// holds one unused tile when every cell is full or empty: a tile set is never empty).
pub fn level(n: i32, rows: i32, profiles: &[((i32, i32), Vec<u8>)]) -> (Tables<'static>, Level) {
    let unused = {
        let mut p = vec![0u8; n as usize];
        p[0] = 1;
        p
    };
    let mut distinct: Vec<&Vec<u8>> = Vec::new();
    let mut placed = Vec::new();
    for (at, profile) in profiles {
        if profile.iter().all(|&h| h == 0) {
            continue;
        }
        if profile.iter().all(|&h| i32::from(h) == n) {
            placed.push((*at, None));
            continue;
        }
        let id = distinct
            .iter()
            .position(|p| *p == profile)
            .unwrap_or_else(|| {
                distinct.push(profile);
                distinct.len() - 1
            });
        placed.push((*at, Some(id)));
    }
    if distinct.is_empty() {
        distinct.push(&unused);
    }
    let tiles: Vec<Tile> = distinct
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = format!("p{i:04}");
            Tile {
                constant: slopegen::constant_name(&name),
                path: format!("{name}.png").into(),
                name,
                bitmap: Bitmap::from_fn(n as u8, |x, y| y < p[usize::from(x)]),
            }
        })
        .collect();
    let set = TileSet::from_tiles(Path::new("terrain"), tiles).expect("tiles");
    let blob: &'static [u8] = Box::leak(slopegen::pack(&set).into_boxed_slice());
    let tables = Tables::from_bytes(blob).expect("the blob loads");
    let cells = placed
        .into_iter()
        .map(|(at, id)| {
            let cell = match id {
                None => Cell::FULL,
                Some(i) => {
                    let shape = tables.find(&format!("p{i:04}")).expect("packed");
                    Cell::shape(shape, Variant::Identity)
                }
            };
            (at, cell)
        })
        .collect();
    (tables, Level { cells, rows })
}

/// The level of a height field: world column `x` solid from row 0 up to `heights[x]`
/// (exclusive), in `n`-px cells (the last column continued to whole tiles).
pub fn height_field(n: i32, heights: &[i32]) -> (Tables<'static>, Level) {
    let top = heights.iter().max().copied().unwrap_or(0);
    let rows = top / n + 2;
    let at = |x: i32| heights[(x.max(0) as usize).min(heights.len() - 1)];
    let columns = (heights.len() as i32 + n - 1) / n;
    let mut profiles = Vec::new();
    for tx in 0..columns {
        for ty in 0..rows {
            let profile = (0..n)
                .map(|c| (at(tx * n + c) - ty * n).clamp(0, n) as u8)
                .collect();
            profiles.push(((tx, ty), profile));
        }
    }
    level(n, rows, &profiles)
}
