//! The browser test's plan: a tile to draw, cells to place, an option to toggle and keys to
//! hold for a fixed number of frames; and the native run of the same plan, whose positions
//! the page must reproduce bit for bit (`cargo run -p playground --example plan` prints
//! both as JSON for `test/browser.mjs`).

use std::fmt::Write as _;

use slope_runtime::{Contacts, Variant};

use crate::Playground;
use crate::actors::{Keys, Opt, Walker};
use crate::level::Brush;

/// What the test does on the page, in this order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// After clearing the drawing (its button), these mouse strokes on the editor: each a
    /// press at the first pixel, moves to the others, a release (tile pixels, y up).
    pub strokes: Vec<Vec<(i32, i32)>>,
    /// Then, with the drawn tile as brush (its palette button), clicks on these cells.
    pub cells: Vec<(i32, i32)>,
    /// Then clicks on these options' checkboxes (each flips one).
    pub toggles: Vec<Opt>,
    /// Then, from the actors' starts, this many frames with these keys held, in turn.
    pub inputs: Vec<(u32, Keys)>,
}

/// The plan the browser test runs: a 2:1 ramp (1 + x/2 pixels high in column x), drawn a
/// column at a time, placed twice on the ground after the starting hill; equal slope
/// speed on; the keyboard's actor runs right over both hills, jumps, comes back left.
pub fn plan() -> Plan {
    let strokes = (0..16)
        .map(|x| {
            let top = x / 2;
            if top == 0 {
                vec![(x, 0)]
            } else {
                vec![(x, 0), (x, top)]
            }
        })
        .collect();
    Plan {
        strokes,
        cells: vec![(6, 1), (7, 1)],
        toggles: vec![Opt::EqualSlopeSpeed],
        inputs: vec![
            (100, Keys(Keys::RIGHT)),
            (1, Keys(Keys::RIGHT | Keys::JUMP)),
            (40, Keys(Keys::RIGHT)),
            (60, Keys(Keys::LEFT)),
            (1, Keys(Keys::JUMP)),
            (30, Keys(0)),
        ],
    }
}

/// A fresh playground after `plan`, natively: what the page must show.
pub fn run(plan: &Plan) -> Playground {
    let mut pg = Playground::new();
    pg.tile_clear();
    for stroke in &plan.strokes {
        if let Some((&(x, y), rest)) = stroke.split_first() {
            pg.tile_press(x, y);
            for &(x, y) in rest {
                pg.tile_drag(x, y);
            }
            pg.tile_release();
        }
    }
    pg.brush = Brush::Shape {
        shape: pg.custom().index(),
        variant: Variant::Identity,
        one_way: false,
    };
    for &(tx, ty) in &plan.cells {
        pg.paint(tx, ty);
    }
    for &opt in &plan.toggles {
        let flipped = u32::from(pg.options.get(opt) == 0);
        pg.options.set(opt, flipped);
    }
    pg.reset();
    for &(frames, keys) in &plan.inputs {
        for _ in 0..frames {
            pg.step(keys);
        }
    }
    pg
}

/// Contacts as bits: on ground, pushing left, pushing right, on ceiling, on one-way (bit 0
/// to 4).
pub fn contact_bits(c: &Contacts) -> i32 {
    [
        c.on_ground(),
        c.pushing_left(),
        c.pushing_right(),
        c.on_ceiling(),
        c.on_one_way(),
    ]
    .iter()
    .enumerate()
    .fold(0, |bits, (i, &on)| bits | i32::from(on) << i)
}

/// What the test compares of an actor: x, y, vx, vy, width, height, contacts
/// ([`contact_bits`]), ground angle ([`World::ground_angle`](slope_runtime::World::ground_angle)).
pub fn actor_fields(w: &Walker) -> [i32; 8] {
    let a = &w.actor;
    [
        a.x,
        a.y,
        a.vx,
        a.vy,
        a.width().into(),
        a.height().into(),
        contact_bits(&a.contacts),
        w.angle.into(),
    ]
}

/// The plan and the native result as JSON: the test's input.
pub fn to_json(plan: &Plan, pg: &Playground) -> String {
    let pairs = |v: &[(i32, i32)]| {
        let items: Vec<String> = v.iter().map(|(a, b)| format!("[{a},{b}]")).collect();
        format!("[{}]", items.join(","))
    };
    let strokes: Vec<String> = plan.strokes.iter().map(|s| pairs(s)).collect();
    let toggles: Vec<String> = plan
        .toggles
        .iter()
        .map(|o| format!("\"{}\"", o.name()))
        .collect();
    let inputs: Vec<String> = plan
        .inputs
        .iter()
        .map(|(n, k)| format!("[{n},{}]", k.0))
        .collect();
    let actors: Vec<String> = pg
        .cast
        .walkers
        .iter()
        .map(|w| {
            let f: Vec<String> = actor_fields(w).iter().map(i32::to_string).collect();
            format!("[{}]", f.join(","))
        })
        .collect();
    let mut json = String::new();
    let _ = writeln!(json, "{{");
    let _ = writeln!(json, "  \"tile_size\": {},", pg.tile_size());
    let _ = writeln!(json, "  \"strokes\": [{}],", strokes.join(","));
    let _ = writeln!(json, "  \"cells\": {},", pairs(&plan.cells));
    let _ = writeln!(json, "  \"toggles\": [{}],", toggles.join(","));
    let _ = writeln!(json, "  \"inputs\": [{}],", inputs.join(","));
    let _ = writeln!(json, "  \"expected\": {{");
    let _ = writeln!(json, "    \"blob_len\": {},", pg.blob().len());
    let _ = writeln!(json, "    \"blob_checksum\": {},", pg.checksum());
    let hex: String = pg.blob().iter().map(|b| format!("{b:02x}")).collect();
    let _ = writeln!(json, "    \"blob_hex\": \"{hex}\",");
    let _ = writeln!(json, "    \"frame\": {},", pg.cast.frame);
    let _ = writeln!(json, "    \"actors\": [{}]", actors.join(","));
    let _ = writeln!(json, "  }}");
    let _ = writeln!(json, "}}");
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_draws_the_ramp_and_the_hero_travels() {
        let p = plan();
        let pg = run(&p);
        let ramp = slopegen::Bitmap::from_fn(16, |x, y| y <= x / 2);
        assert_eq!(pg.editor().bitmap(), ramp);
        let frames: u32 = p.inputs.iter().map(|(n, _)| n).sum();
        assert_eq!(pg.cast.frame, frames);
        let hero = pg.cast.walkers[0].actor;
        assert!(hero.x > 24, "{hero:?}");
        assert!(pg.options.equal_slope_speed);
        // the same plan gives the same run
        let again = run(&p);
        assert_eq!(again.cast, pg.cast);
        assert_eq!(again.blob(), pg.blob());
    }

    #[test]
    fn the_json_holds_the_plan_and_the_expected_positions() {
        let p = plan();
        let pg = run(&p);
        let json = to_json(&p, &pg);
        assert!(
            json.contains("\"toggles\": [\"equal_slope_speed\"]"),
            "{json}"
        );
        assert!(json.contains("\"cells\": [[6,1],[7,1]]"), "{json}");
        assert!(json.contains(&format!("\"frame\": {}", pg.cast.frame)));
        assert!(json.contains(&format!("\"blob_hex\": \"{:02x}", pg.blob()[0])));
        let hero = actor_fields(&pg.cast.walkers[0]);
        assert!(
            json.contains(&format!("[{},{},", hero[0], hero[1])),
            "{json}"
        );
    }

    #[test]
    fn contact_bits_are_in_order() {
        let c = Contacts::default();
        assert_eq!(contact_bits(&c), 0);
    }
}
