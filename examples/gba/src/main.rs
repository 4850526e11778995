//! The ROM: the level drawn as a GBA background from the sheet its collision came from,
//! the actors as sprites (the hero tilted by the ground angle), the d-pad and A to play.
//! Until a button is pressed it plays the scripted run (an attract mode).
#![no_std]
#![no_main]
#![cfg_attr(test, feature(custom_test_frameworks))]
#![cfg_attr(test, reexport_test_harness_main = "test_main")]
#![cfg_attr(test, test_runner(agb::test_runner::test_runner))]

extern crate alloc;

use agb::display::object::{
    AffineMatrixObject, AffineMode, DynamicSprite16, Object, ObjectAffine, PaletteVramSingle, Size,
    SpriteVram,
};
use agb::display::tiled::{RegularBackground, RegularBackgroundSize, TileFormat};
use agb::display::{AffineMatrix, GraphicsFrame, Palette16, Priority, Rgb15, WIDTH};
use agb::fixnum::Num;
use agb::input::{Button, ButtonController};
use slope_runtime::fixnum::screen_y;
use slope_runtime::{Actor, Platform};
use slopes_gba::{ENEMY_SIZE, Game, HERO_SIZE, Input, LEVEL_HEIGHT, LEVEL_WIDTH, art, script};

agb::include_background_gfx!(mod gfx, "78b4f0", TILES => "level/tiles.png");

// The level is one 64×32-tile background (512×256 px) and at least a screen wide.
const _: () = assert!(
    LEVEL_WIDTH >= WIDTH && art::WIDTH * 2 <= 64 && art::HEIGHT * 2 <= 32,
    "the level must fit a 64×32-tile background and be at least a screen wide"
);

/// Sprite colours: 0 is transparent.
static SPRITE_PALETTE: Palette16 = Palette16::new([
    Rgb15::new(0),
    rgb(230, 70, 60),   // 1 hero
    rgb(90, 20, 20),    // 2 hero outline
    rgb(250, 250, 250), // 3 eyes
    rgb(150, 80, 200),  // 4 enemy
    rgb(50, 20, 80),    // 5 enemy outline
    rgb(240, 150, 40),  // 6 lift
    rgb(110, 60, 10),   // 7 lift outline
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
    Rgb15::new(0),
]);

const fn rgb(r: u16, g: u16, b: u16) -> Rgb15 {
    Rgb15::new(r >> 3 | (g >> 3) << 5 | (b >> 3) << 10)
}

#[agb::entry]
fn main(mut gba: agb::Gba) -> ! {
    let mut gfx = gba.graphics.get();
    gfx.set_background_palettes(gfx::PALETTES);
    let Ok(mut game) = Game::new() else {
        // The generated tables and map are validated at start-up; a ROM built from them
        // always loads them. Should it not, stop on the sky rather than run without them.
        loop {
            agb::halt();
        }
    };
    let mut level = RegularBackground::new(
        Priority::P1,
        RegularBackgroundSize::Background64x32,
        TileFormat::FourBpp,
    );
    draw_level(&mut level);
    let sprites = Sprites::new();
    let mut input = ButtonController::new();
    let mut attract = true;
    loop {
        input.update();
        if attract
            && input.is_just_pressed(
                Button::A
                    | Button::B
                    | Button::Left
                    | Button::Right
                    | Button::Up
                    | Button::Down
                    | Button::Start,
            )
        {
            attract = false;
        }
        let buttons = if attract {
            if game.frame() >= slopes_gba::SCRIPT_FRAMES
                && let Ok(fresh) = Game::new()
            {
                game = fresh;
            }
            script(game.frame())
        } else {
            Input {
                x: input.x_tri() as i8,
                jump: input.is_just_pressed(Button::A),
                down: input.is_pressed(Button::Down),
            }
        };
        game.update(buttons);

        let camera = game.hero().map_or(0, |h| {
            (h.x + i32::from(h.width()) / 2 - WIDTH / 2).clamp(0, LEVEL_WIDTH - WIDTH)
        });
        let mut frame = gfx.frame();
        level.set_scroll_pos((camera, 0));
        level.show(&mut frame);
        sprites.show(&game, camera, &mut frame);
        frame.commit();
    }
}

/// The level's cells as 16×16-px tiles of the sheet: four 8×8 GBA tiles each, flipped as
/// in Tiled (a flipped 16×16 tile is its four quarters swapped and each flipped).
fn draw_level(bg: &mut RegularBackground) {
    let sheet_columns = gfx::TILES.width / 2;
    for (i, &code) in art::ART.iter().enumerate() {
        if code == art::EMPTY {
            continue;
        }
        let (x, row) = (i % art::WIDTH, i / art::WIDTH);
        let index = usize::from(code & 0x3fff);
        let (h, v) = (code & 1 << 14 != 0, code & 1 << 15 != 0);
        for (sx, sy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let src_x = (index % sheet_columns) * 2 + if h { 1 - sx } else { sx };
            let src_y = (index / sheet_columns) * 2 + if v { 1 - sy } else { sy };
            let Some(&setting) = gfx::TILES
                .tile_settings
                .get(src_y * sheet_columns * 2 + src_x)
            else {
                continue;
            };
            bg.set_tile(
                ((x * 2 + sx) as i32, (row * 2 + sy) as i32),
                &gfx::TILES.tiles,
                setting.hflip(h).vflip(v),
            );
        }
    }
}

/// The actors' sprites: boxes of their exact size, drawn at run time.
struct Sprites {
    hero: SpriteVram,
    enemy: SpriteVram,
    lift: SpriteVram,
}

impl Sprites {
    fn new() -> Sprites {
        let palette = PaletteVramSingle::new(&SPRITE_PALETTE);
        Sprites {
            hero: boxed(Size::S16x16, HERO_SIZE, 1, 2, true).to_vram(palette.clone()),
            enemy: boxed(Size::S16x16, ENEMY_SIZE, 4, 5, true).to_vram(palette.clone()),
            lift: boxed(Size::S32x8, (32, 6), 6, 7, false).to_vram(palette),
        }
    }

    fn show(&self, game: &Game, camera: i32, frame: &mut GraphicsFrame) {
        for enemy in game.enemies() {
            Object::new(self.enemy.clone())
                .set_pos(sprite_pos(enemy, camera, ENEMY_SIZE, 0))
                .show(frame);
        }
        if let Some(lift) = game.lift() {
            Object::new(self.lift.clone())
                .set_pos(platform_pos(lift, camera))
                .show(frame);
        }
        if let Some(hero) = game.hero() {
            // The ground angle is a byte (256 = a turn), as agb's Num<_, 8> counts turns.
            let angle = Num::<i32, 8>::from_raw(i32::from(game.hero_angle()));
            let matrix = AffineMatrixObject::new(AffineMatrix::from_rotation(-angle));
            // Double mode: the sprite turns inside a 32×32 area centred on the box.
            ObjectAffine::new(self.hero.clone(), matrix, AffineMode::AffineDouble)
                .set_pos(sprite_pos(hero, camera, HERO_SIZE, 8))
                .show(frame);
        }
    }
}

/// Where a 16×16 sprite holding `size`'s box centred at its bottom goes on screen.
fn sprite_pos(a: &Actor, camera: i32, size: (u16, u16), margin: i32) -> (i32, i32) {
    let left = (16 - i32::from(size.0)) / 2;
    let top = 15 - i32::from(size.1);
    (
        a.x - camera - left - margin,
        screen_y(a, LEVEL_HEIGHT) - top - margin,
    )
}

fn platform_pos(p: &Platform, camera: i32) -> (i32, i32) {
    (p.x - camera, LEVEL_HEIGHT - p.y - i32::from(p.height))
}

/// A sprite of `size` with a `w`×`h` box (filled, outlined) at the bottom centre, and two
/// eyes for actors.
fn boxed(size: Size, (w, h): (u16, u16), fill: u8, outline: u8, eyes: bool) -> DynamicSprite16 {
    let (sw, sh) = size.to_width_height();
    let (w, h) = (usize::from(w), usize::from(h));
    let (x0, y0) = ((sw - w) / 2, sh - 1 - h);
    let mut sprite = DynamicSprite16::new(size);
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let edge = x == x0 || y == y0 || x == x0 + w - 1 || y == y0 + h - 1;
            sprite.set_pixel(x, y, if edge { outline } else { fill });
        }
    }
    if eyes {
        for x in [x0 + w / 2 - 2, x0 + w / 2 + 1] {
            sprite.set_pixel(x, y0 + 3, 3);
        }
    }
    sprite
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use core::fmt::Write;

    use agb::Gba;
    use agb::timer::Divider;
    use slopes_gba::{Game, SCRIPT_FRAMES, script};

    const GOLDEN: &str = include_str!("../tests/data/trace.txt");

    /// The scripted run on the GBA gives the host's positions and contacts, frame by frame
    /// (the host's run is `tests/data/trace.txt`, checked by the library's host test).
    #[test_case]
    fn scripted_run_matches_the_host_frame_for_frame(_gba: &mut Gba) {
        let mut game = Game::new().unwrap();
        let mut want = GOLDEN.lines();
        let mut line = String::new();
        for f in 0..SCRIPT_FRAMES {
            game.update(script(f));
            line.clear();
            game.write_trace(&mut line).unwrap();
            assert_eq!(Some(line.as_str()), want.next(), "frame {f}");
        }
        assert_eq!(want.next(), None, "the golden trace is longer than the run");
    }

    /// The frame's cost on the GBA's 16.78 MHz ARM7TDMI, from agb's timers: every update
    /// of the scripted run (3 actors and a lift) timed in CPU cycles.
    #[test_case]
    fn frame_cost(gba: &mut Gba) {
        let mut timers = gba.timers.timers();
        let mut game = Game::new().unwrap();
        let mut costs = alloc::vec::Vec::new();
        let mut worst = (0, 0);
        for f in 0..SCRIPT_FRAMES {
            let input = script(f);
            timers
                .timer2
                .set_enabled(false)
                .set_divider(Divider::Divider1);
            timers.timer3.set_enabled(false).set_cascade(true);
            timers.timer2.set_overflow_amount(0);
            timers.timer3.set_overflow_amount(0);
            timers.timer3.set_enabled(true);
            timers.timer2.set_enabled(true);
            game.update(input);
            timers.timer2.set_enabled(false);
            let cycles = u32::from(timers.timer3.value()) << 16 | u32::from(timers.timer2.value());
            costs.push(cycles);
            if cycles > worst.1 {
                worst = (f, cycles);
            }
        }
        timers.timer3.set_enabled(false);
        costs.sort_unstable();
        let median = costs[costs.len() / 2];
        let (worst_frame, max) = worst;
        // 16,777,216 Hz / 59.7275 Hz: the cycles of one frame
        const FRAME: u32 = 280_896;
        let actors = 3;
        // Tenths of a percent, rounded to the nearest.
        let percent = |c: u32| {
            let tenths = (u64::from(c) * 1000 + u64::from(FRAME / 2)) / u64::from(FRAME);
            (tenths / 10, tenths % 10)
        };
        let mut report = String::new();
        write!(
            report,
            "frame cost for {actors} actors and a lift: median {median} cycles ({}.{}% of a \
             59.7 Hz frame), worst {max} cycles at frame {worst_frame} ({}.{}%); per actor \
             {} cycles (median) to {} (worst): {} to {} such actors per frame",
            percent(median).0,
            percent(median).1,
            percent(max).0,
            percent(max).1,
            median / actors,
            max / actors,
            FRAME / (median / actors).max(1),
            FRAME / (max / actors).max(1),
        )
        .unwrap();
        agb::println!("{report}");
        assert!(max < FRAME, "an update takes more than a frame");
    }
}
