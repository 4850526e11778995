//! The scene as an animated GIF: the tiles' solid pixels read through the runtime, the
//! lift, each actor's box, and, while it stands, the pixels under its feet.
//!
//! Each GIF frame after the first holds only the rectangle that changed, with unchanged
//! pixels transparent, so ten seconds stay small. The bytes depend on nothing but the
//! tables and the scene.

use slope_runtime::{Feet, Rect, Tables};

use crate::scene::{FPS, FRAMES, Level, Scene, level_size, solid_pixel};

/// Screen pixels per level pixel.
pub const SCALE: usize = 2;
/// A GIF frame is kept every `EVERY` simulated frames.
pub const EVERY: u32 = 3;
/// Each GIF frame's delay in centiseconds (`EVERY` frames at [`FPS`]).
pub const DELAY_CS: u16 = (100 * EVERY / FPS) as u16;

/// The colour indices of the GIF's one palette.
pub mod colour {
    /// Air.
    pub const AIR: u8 = 0;
    /// A solid pixel of a tile.
    pub const SOLID: u8 = 1;
    /// A solid pixel of a one-way tile.
    pub const ONE_WAY: u8 = 2;
    /// A moving platform.
    pub const PLATFORM: u8 = 3;
    /// A solid pixel right under an actor's feet while it stands.
    pub const CONTACT: u8 = 4;
    /// The first actor's box; the others follow, [`ACTORS`] colours in turn.
    pub const ACTOR: u8 = 5;
    /// How many actor colours there are.
    pub const ACTORS: u8 = 4;
    /// Unchanged since the previous frame.
    pub const TRANSPARENT: u8 = 15;

    /// The colour of actor `i`'s box.
    pub fn actor(i: usize) -> u8 {
        ACTOR + (i % usize::from(ACTORS)) as u8
    }
}

/// The palette's RGB colours, by index (16 entries).
pub const PALETTE: [[u8; 3]; 16] = [
    [22, 26, 38],    // air
    [112, 122, 148], // solid
    [70, 170, 120],  // one-way
    [235, 150, 50],  // platform
    [255, 255, 255], // contact
    [255, 90, 90],   // actors
    [80, 190, 255],
    [250, 215, 70],
    [200, 120, 255],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [255, 0, 255], // transparent
];

/// A picture of palette indices in level pixels, y up like the level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// Top row first.
    pub pixels: Vec<u8>,
}

impl Picture {
    /// The colour at level pixel (x, y); `None` outside.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        let i = self.index(x, y)?;
        self.pixels.get(i).copied()
    }

    fn set(&mut self, x: i32, y: i32, colour: u8) {
        if let Some(p) = self.index(x, y).and_then(|i| self.pixels.get_mut(i)) {
            *p = colour;
        }
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| (self.height - 1 - y) * self.width + x)
    }

    /// Each pixel as a `scale`×`scale` square.
    pub fn scaled(&self, scale: usize) -> Picture {
        let width = self.width * scale;
        let mut pixels = Vec::with_capacity(width * self.height * scale * scale);
        for row in self.pixels.chunks_exact(self.width.max(1)) {
            let wide: Vec<u8> = row
                .iter()
                .flat_map(|&c| std::iter::repeat_n(c, scale))
                .collect();
            for _ in 0..scale {
                pixels.extend_from_slice(&wide);
            }
        }
        Picture {
            width,
            height: self.height * scale,
            pixels,
        }
    }
}

/// The level's solid pixels, read through the runtime: what never moves.
pub fn background(tables: &Tables<'_>) -> Picture {
    let (w, h) = level_size();
    let mut p = Picture {
        width: w as usize,
        height: h as usize,
        pixels: vec![colour::AIR; (w * h) as usize],
    };
    for y in 0..h {
        for x in 0..w {
            match solid_pixel(tables, &Level, x, y) {
                Some(true) => p.set(x, y, colour::ONE_WAY),
                Some(false) => p.set(x, y, colour::SOLID),
                None => {}
            }
        }
    }
    p
}

/// The scene now over `background`: platforms, actor boxes (outlines), and the solid
/// pixels in the two rows under the feet of each actor on the ground (under the whole
/// bottom edge for box feet; for centre feet, under the centre column where it meets the
/// ground, else under the edge).
pub fn draw(scene: &Scene<'_>, background: &Picture) -> Picture {
    let mut p = background.clone();
    for platform in &scene.platforms {
        let (x0, y0, x1, y1) = platform.bounds();
        for y in y0..=y1 {
            for x in x0..=x1 {
                p.set(x, y, colour::PLATFORM);
            }
        }
    }
    for (i, actor) in scene.actors.iter().enumerate() {
        let (x0, y0, x1, y1) = actor.bounds();
        for x in x0..=x1 {
            p.set(x, y0, colour::actor(i));
            p.set(x, y1, colour::actor(i));
        }
        for y in y0..=y1 {
            p.set(x0, y, colour::actor(i));
            p.set(x1, y, colour::actor(i));
        }
    }
    let world = scene.world();
    let platform_at = |x: i32, y: i32| {
        let pixel = Rect::of_box(x, y, 1, 1);
        world.platforms().iter().any(|pl| {
            let (x0, y0, x1, y1) = pl.bounds();
            pixel.overlaps(&Rect { x0, y0, x1, y1 })
        })
    };
    let solid_at =
        |x: i32, y: i32| platform_at(x, y) || solid_pixel(world.tables(), &Level, x, y).is_some();
    for actor in scene.actors.iter().filter(|a| a.contacts.on_ground()) {
        let (x0, y0, x1, _) = actor.bounds();
        let below = y0 - 1;
        // centre feet stand on the centre column where it meets the ground, otherwise (on
        // a ledge, on a platform) on the rest of the edge
        let centre = actor.centre_x();
        let on_centre = actor.settings.feet == Feet::Centre && solid_at(centre, below);
        let feet = (x0..=x1).filter(|&x| !on_centre || x == centre);
        // two rows deep, so that the mark shows at 2×
        for x in feet {
            for y in [below, below - 1] {
                if solid_at(x, y) {
                    p.set(x, y, colour::CONTACT);
                }
            }
        }
    }
    p
}

/// Runs the recording's scene for [`FRAMES`] frames and calls `shot` with every
/// [`EVERY`]-th picture (at level scale), after that frame's step, with the scene.
pub fn run(tables: Tables<'_>, mut shot: impl FnMut(&Scene<'_>, Picture)) {
    let bg = background(&tables);
    let mut scene = Scene::cast(tables);
    for frame in 0..FRAMES {
        scene.step();
        if frame % EVERY == EVERY - 1 {
            let picture = draw(&scene, &bg);
            shot(&scene, picture);
        }
    }
}

/// The whole recording as GIF bytes: [`FRAMES`] / [`EVERY`] frames of [`DELAY_CS`]
/// centiseconds each, at [`SCALE`] screen pixels per level pixel, looping.
pub fn gif(tables: Tables<'_>) -> Result<Vec<u8>, gif::EncodingError> {
    let mut pictures = Vec::new();
    run(tables, |_, p| pictures.push(p.scaled(SCALE)));
    let Some(first) = pictures.first() else {
        return Ok(Vec::new());
    };
    let (w, h) = (first.width as u16, first.height as u16);
    let palette: Vec<u8> = PALETTE.iter().flatten().copied().collect();
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &palette)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut previous: Option<&Picture> = None;
        for picture in &pictures {
            let mut frame = match previous {
                None => gif::Frame {
                    width: w,
                    height: h,
                    buffer: picture.pixels.as_slice().into(),
                    ..gif::Frame::default()
                },
                Some(before) => changes(before, picture),
            };
            frame.delay = DELAY_CS;
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame)?;
            previous = Some(picture);
        }
    }
    Ok(out)
}

/// A frame holding the rectangle where `after` differs from `before`, unchanged pixels
/// transparent (one transparent pixel when nothing changed).
fn changes(before: &Picture, after: &Picture) -> gif::Frame<'static> {
    let w = after.width;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (a, b)) in before.pixels.iter().zip(&after.pixels).enumerate() {
        if a != b {
            let (x, y) = (i % w, i / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    let mut frame = gif::Frame {
        transparent: Some(colour::TRANSPARENT),
        ..gif::Frame::default()
    };
    if x0 == usize::MAX {
        frame.width = 1;
        frame.height = 1;
        frame.buffer = vec![colour::TRANSPARENT].into();
        return frame;
    }
    let mut buffer = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for y in y0..=y1 {
        let row = y * w;
        for x in x0..=x1 {
            let (a, b) = (before.pixels[row + x], after.pixels[row + x]);
            buffer.push(if a == b { colour::TRANSPARENT } else { b });
        }
    }
    frame.left = x0 as u16;
    frame.top = y0 as u16;
    frame.width = (x1 - x0 + 1) as u16;
    frame.height = (y1 - y0 + 1) as u16;
    frame.buffer = buffer.into();
    frame
}
