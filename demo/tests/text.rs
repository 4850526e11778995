//! The terminal drawings: blocks of pixels as characters, the two widths, the legend.

use demo::scene::{Level, Scene, level_size, solid_pixel};
use demo::text::{Block, Screen, legend, terminal_columns};
use demo::walk;

#[test]
fn a_character_is_solid_iff_any_pixel_of_its_block_is() {
    let tables = walk::TABLES;
    let (w, h) = level_size();
    for block in [Block::FULL, Block::COMPACT] {
        let screen = Screen::new(&tables, &Level, w, h, block);
        let drawing = screen.draw(&[], &[]);
        let rows: Vec<&str> = drawing.lines().collect();
        assert_eq!(rows.len() as i32, h / block.height);
        for (r, line) in rows.iter().enumerate() {
            let row = rows.len() as i32 - 1 - r as i32;
            for (col, ch) in line.chars().enumerate() {
                let (x0, y0) = (col as i32 * block.width, row * block.height);
                let pixels = (y0..y0 + block.height)
                    .flat_map(|y| (x0..x0 + block.width).map(move |x| (x, y)))
                    .filter(|&(x, y)| solid_pixel(&tables, &Level, x, y).is_some());
                let solid = pixels.count() as i32;
                let half = block.width * block.height / 2;
                assert_eq!(ch != ' ', solid > 0, "{block:?} at column {col}, row {row}");
                assert_eq!(
                    matches!(ch, '#' | '='),
                    solid > half,
                    "{block:?} at {col}, {row}"
                );
            }
        }
    }
}

#[test]
fn the_compact_drawing_fits_80_columns_and_the_full_one_is_120() {
    let tables = walk::TABLES;
    let (w, h) = level_size();
    let compact = Screen::new(&tables, &Level, w, h, Block::COMPACT).draw(&[], &[]);
    assert!(compact.lines().all(|l| l.chars().count() == 80));
    let full = Screen::new(&tables, &Level, w, h, Block::FULL).draw(&[], &[]);
    assert!(full.lines().all(|l| l.chars().count() == 120));
    for block in [Block::FULL, Block::COMPACT] {
        assert!(legend(block).lines().all(|l| l.chars().count() <= 80));
    }
}

#[test]
fn the_width_follows_columns_with_80_when_unknown() {
    assert_eq!(terminal_columns(None), 80);
    assert_eq!(terminal_columns(Some("")), 80);
    assert_eq!(terminal_columns(Some("wide")), 80);
    assert_eq!(terminal_columns(Some("200")), 200);
    let (w, _) = level_size();
    assert_eq!(Block::for_terminal(80, w), Block::COMPACT);
    assert_eq!(Block::for_terminal(119, w), Block::COMPACT);
    assert_eq!(Block::for_terminal(120, w), Block::FULL);
}

#[test]
fn actors_and_platforms_are_drawn_where_they_are_and_named_in_the_legend() {
    let tables = walk::TABLES;
    let (w, h) = level_size();
    let scene = Scene::walk(tables);
    for block in [Block::FULL, Block::COMPACT] {
        let screen = Screen::new(&tables, &Level, w, h, block);
        let drawing = screen.draw(&scene.platforms, &scene.actors);
        let rows: Vec<&str> = drawing.lines().collect();
        let at = |x: i32, y: i32| {
            let row = rows.len() - 1 - (y / block.height) as usize;
            rows[row].chars().nth((x / block.width) as usize).unwrap()
        };
        let hero = scene.actors[0];
        assert_eq!(at(hero.x, hero.y), '@');
        let lift = scene.platforms[0];
        assert_eq!(at(lift.x + 12, lift.y), '_');
        let legend = legend(block);
        for ch in drawing.chars().filter(|c| !c.is_whitespace()) {
            assert!(
                legend.contains(&format!("{ch} ")),
                "{ch:?} is not in the legend"
            );
        }
        assert!(legend.contains(&format!("{}×{} px", block.width, block.height)));
    }
}
