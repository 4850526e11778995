//! What the example's level becomes in Rapier: the merged boxes cover every full cell once,
//! slope cells are the hulls of their pixels, the one-way ledges are solid boxes.

use slope_compare::level::{CellKind, Level, StaticShape, example_level};

fn level() -> Level {
    Level::load(&example_level()).expect("level.tmx compiles")
}

/// The boxes of `colliders` that are not one-way, minus the four around the level.
fn inner_boxes(level: &Level, merge: bool) -> Vec<(f32, f32, f32, f32)> {
    let (w, h) = level.size_px();
    level
        .colliders(merge)
        .into_iter()
        .filter(|c| !c.one_way)
        .filter_map(|c| match c.shape {
            StaticShape::Rect { x0, y0, x1, y1 } => Some((x0, y0, x1, y1)),
            StaticShape::Hull(_) => None,
        })
        .filter(|&(x0, y0, x1, y1)| x0 >= 0.0 && y0 >= 0.0 && x1 <= w as f32 && y1 <= h as f32)
        .collect()
}

#[test]
fn merged_boxes_cover_each_full_cell_exactly_once() {
    let level = level();
    let n = level.tile() as f32;
    let (w, h) = (i32::from(level.map.width()), i32::from(level.map.height()));
    for merge in [true, false] {
        let boxes = inner_boxes(&level, merge);
        for ty in 0..h {
            for tx in 0..w {
                let (cx, cy) = ((tx as f32 + 0.5) * n, (ty as f32 + 0.5) * n);
                let covering = boxes
                    .iter()
                    .filter(|b| b.0 < cx && cx < b.2 && b.1 < cy && cy < b.3)
                    .count();
                let full = level.kind(tx, ty) == CellKind::Full && !level.one_way(tx, ty);
                assert_eq!(
                    covering,
                    usize::from(full),
                    "cell ({tx}, {ty}), merge {merge}"
                );
            }
        }
    }
    let full_cells = (0..h)
        .flat_map(|ty| (0..w).map(move |tx| (tx, ty)))
        .filter(|&(tx, ty)| level.kind(tx, ty) == CellKind::Full)
        .count();
    assert_eq!(inner_boxes(&level, false).len(), full_cells);
    assert!(inner_boxes(&level, true).len() < 10);
}

#[test]
fn a_45_degree_slope_is_the_hull_of_its_staircase() {
    let level = level();
    // The `/` of "..../\\" (row 7 of make.py's picture: cell (4, 4), y up).
    assert_eq!(level.kind(4, 4), CellKind::Partial);
    let hull = level.hull(4, 4);
    assert_eq!(
        hull,
        vec![
            [64.0, 64.0],
            [80.0, 64.0],
            [80.0, 80.0],
            [79.0, 80.0],
            [64.0, 65.0]
        ]
    );
}

#[test]
fn the_one_way_ledges_become_solid_boxes_of_their_pixels() {
    let level = level();
    let ledges: Vec<_> = level
        .colliders(true)
        .into_iter()
        .filter(|c| c.one_way)
        .map(|c| c.shape)
        .collect();
    assert_eq!(
        ledges,
        vec![
            StaticShape::Rect {
                x0: 592.0,
                y0: 59.0,
                x1: 672.0,
                y1: 64.0
            },
            StaticShape::Rect {
                x0: 176.0,
                y0: 123.0,
                x1: 272.0,
                y1: 128.0
            },
        ]
    );
}
