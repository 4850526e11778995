//! The level drawn: every cell's tile in its variant, pixel for pixel what collides.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use slope_runtime::{Solid, Tables, TileMap};
use slopegen::TileArt;

use crate::level::asset::{LevelMap, TilePicture};
use crate::level::{ActiveLevel, SlopeLevel};

/// The level's picture, a child sprite of the [`SlopeLevel`] entity with its bottom-left
/// corner at the origin, redrawn when the level (re)loads: each cell's tile from its
/// tileset's image, flipped and rotated as placed (Tiled's and LDtk's flips), so what the
/// player sees is what collides where the tiles' collision comes from their pixels. Cells
/// without a picture (an LDtk IntGrid layer) show their solid pixels, the ground's surface
/// lit, one-way cells as planks. A game that draws its own art turns it off
/// ([`SlopePlugin::draw_level`](crate::SlopePlugin)).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct LevelPicture;

/// Colours of the picture, as sRGB bytes.
const GRASS: [u8; 4] = [124, 196, 84, 255];
const GRASS_DARK: [u8; 4] = [62, 140, 60, 255];
const SOIL: [u8; 4] = [120, 78, 44, 255];
const SOIL_DARK: [u8; 4] = [96, 60, 34, 255];
const PLANK: [u8; 4] = [176, 122, 64, 255];
const PLANK_DARK: [u8; 4] = [120, 78, 40, 255];
const AIR: [u8; 4] = [0, 0, 0, 0];

/// Redraws the picture when the active level changes.
pub(crate) fn draw_level(
    mut commands: Commands,
    level: Option<Res<ActiveLevel>>,
    levels: Query<(Entity, Option<&Children>), With<SlopeLevel>>,
    pictures: Query<(), With<LevelPicture>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(level) = level.filter(|l| l.is_changed()) else {
        return;
    };
    let Some((entity, children)) = levels.iter().next() else {
        return;
    };
    let tables = level.tables();
    for child in children.into_iter().flatten() {
        if pictures.contains(*child) {
            commands.entity(*child).despawn();
        }
    }
    let image = images.add(picture(&level.map, &level.art, &level.pictures, &tables));
    commands.entity(entity).with_children(|parent| {
        parent.spawn((
            LevelPicture,
            Sprite::from_image(image),
            Anchor::BOTTOM_LEFT,
            Transform::from_xyz(0.0, 0.0, -1.0),
        ));
    });
}

/// The level as an image, rows top first as images are: each cell's tile picture placed
/// as its variant, or, for cells without one (an LDtk IntGrid layer), its solid pixels
/// coloured by depth under the surface.
pub fn picture(
    map: &LevelMap,
    art: &[Option<TileArt>],
    pictures: &[TilePicture],
    tables: &Tables<'_>,
) -> Image {
    let size = map.size_px();
    let n = map.tile_size();
    let mut data = vec![0u8; (size.x * size.y * 4) as usize];
    let mut put = |x: u32, y_up: u32, rgba: [u8; 4]| {
        let row = size.y - 1 - y_up;
        let at = ((row * size.x + x) * 4) as usize;
        if let Some(pixel) = data.get_mut(at..at + 4) {
            pixel.copy_from_slice(&rgba);
        }
    };
    let solid = |x: i32, y: i32| solid_at(map, tables, x, y);
    for ty in 0..u32::from(map.height()) {
        for tx in 0..u32::from(map.width()) {
            let index = (ty * u32::from(map.width()) + tx) as usize;
            let cell_art = art.get(index).copied().flatten();
            let picture = cell_art.and_then(|a| pictures.get(usize::from(a.image)));
            for y in 0..u32::from(n) {
                for x in 0..u32::from(n) {
                    let (wx, wy) = (tx * u32::from(n) + x, ty * u32::from(n) + y);
                    let rgba = match (cell_art, picture) {
                        (Some(art), Some(picture)) => tile_pixel(&art, picture, n, x, y),
                        _ if art.is_empty() => {
                            colour(map, &solid, wx as i32, wy as i32, i32::from(n))
                        }
                        _ => AIR,
                    };
                    put(wx, wy, rgba);
                }
            }
        }
    }
    let template = Image::default();
    let mut extent = template.texture_descriptor.size;
    extent.width = size.x;
    extent.height = size.y;
    let mut image = Image::new(
        extent,
        template.texture_descriptor.dimension,
        data,
        template.texture_descriptor.format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::nearest();
    image
}

/// Pixel (x, y) (y up) of a tile placed as `art.variant`: the pixel of the tile's picture
/// that shows there.
fn tile_pixel(art: &TileArt, picture: &TilePicture, n: u8, x: u32, y: u32) -> [u8; 4] {
    let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
        return AIR;
    };
    let Some((bx, by)) = art.variant.base_pixel(n, x, y) else {
        return AIR;
    };
    let (px, py) = (art.x + u32::from(bx), art.y + u32::from(n - 1 - by));
    picture
        .pixels
        .get_pixel_checked(px, py)
        .map_or(AIR, |p| p.0)
}

/// Whether world pixel (x, y) is solid in the map (one-way cells included).
fn solid_at(map: &LevelMap, tables: &Tables<'_>, x: i32, y: i32) -> bool {
    let n = i32::from(map.tile_size());
    let cell = map.cell(x.div_euclid(n), y.div_euclid(n));
    let (px, py) = (x.rem_euclid(n) as u8, y.rem_euclid(n) as u8);
    match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, variant) => tables
            .shape(id)
            .is_some_and(|shape| shape.is_solid(variant, px, py)),
    }
}

fn colour(map: &LevelMap, solid: &impl Fn(i32, i32) -> bool, x: i32, y: i32, n: i32) -> [u8; 4] {
    if !solid(x, y) {
        return AIR;
    }
    let one_way = map.cell(x.div_euclid(n), y.div_euclid(n)).one_way;
    let depth = (1..=4).find(|d| !solid(x, y + d)).unwrap_or(5);
    if one_way {
        return if depth == 1 || x.rem_euclid(8) == 0 {
            PLANK_DARK
        } else {
            PLANK
        };
    }
    match depth {
        1 | 2 => GRASS,
        3 => GRASS_DARK,
        _ if (x * 3 + y * 5).rem_euclid(11) == 0 => SOIL_DARK,
        _ => SOIL,
    }
}
