//! Where to draw each person of a connections graph: a deterministic force-directed layout.
//!
//! Fruchterman–Reingold: every pair of nodes repels, every edge pulls its ends together (harder
//! for heavier edges), a pull toward the centre that grows with distance keeps separate
//! clusters inside the frame instead of piled against its walls, and a cooling temperature caps
//! how far a node moves per iteration. The start positions come from a seeded splitmix64, so
//! the same graph and seed always give the same picture — the page does not reshuffle on every
//! render. The forces work at the scale of the frame's inner area, and [`force_layout`] only
//! scales their result down to fit it (never up, so a small graph keeps the spacing the forces
//! gave it; only a frame without room on an axis is worked in a unit square and mapped onto what
//! is left). A drawing that wants a small graph to use its whole frame enlarges it afterwards
//! with [`fill_frame`] (at most 3 times), as the connections page does. Work is O(n²) per
//! iteration: meant for the few hundred people a page shows.
//!
//! Only `+ − × ÷` and `sqrt` are used on positions (all correctly rounded in IEEE 754), so the
//! output does not depend on a platform's `sin` or `ln`.

/// The frame to lay out in and how hard to work.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayoutParams {
    /// Width of the drawing, in its own units (e.g. SVG user units).
    pub width: f32,
    /// Height of the drawing.
    pub height: f32,
    /// Space kept free on every side, so node circles and labels are not clipped.
    pub margin: f32,
    /// How many rounds of forces; 200–500 is plenty for a few hundred nodes.
    pub iterations: u32,
    /// The seed of the start positions.
    pub seed: u64,
}

impl Default for LayoutParams {
    fn default() -> Self {
        Self {
            width: 800.0,
            height: 600.0,
            margin: 24.0,
            iterations: 300,
            seed: 1,
        }
    }
}

/// Positions for `nodes` nodes joined by `edges` (`(a, b, weight)`), in node order.
///
/// Every position is finite and inside `[margin, width − margin] × [margin, height − margin]`;
/// when the margins leave no room (or a size is not a finite positive number), nodes sit on the
/// middle line of that axis. Edges naming a node outside `0..nodes` and self-loops are ignored;
/// a weight that is not a positive finite number counts as 1.
pub fn force_layout(
    nodes: usize,
    edges: &[(u32, u32, f32)],
    params: &LayoutParams,
) -> Vec<(f32, f32)> {
    let frame = Frame::new(params);
    if nodes == 0 {
        return Vec::new();
    }
    // Work in the inner area itself, so the forces' scale is the drawing's, and only shrink to
    // fit at the end; when it has no room, work in a unit square and map that onto what is left.
    let native = frame.inner_w >= 1.0 && frame.inner_h >= 1.0;
    let (w, h) = if native {
        (frame.inner_w, frame.inner_h)
    } else {
        (1.0, 1.0)
    };
    let mut rng = SplitMix64(params.seed);
    let mut pos: Vec<(f64, f64)> = (0..nodes)
        .map(|_| (rng.unit() * w, rng.unit() * h))
        .collect();
    let springs: Vec<(usize, usize, f64)> = (edges.iter())
        .filter(|&&(a, b, _)| a != b && (a as usize) < nodes && (b as usize) < nodes)
        .map(|&(a, b, weight)| (a as usize, b as usize, pull(weight)))
        .collect();
    let k = (w * h / nodes as f64).sqrt();
    let (cx, cy) = (w / 2.0, h / 2.0);
    let start_temperature = w.max(h) / 10.0;
    // A pull toward the centre, linear in distance, that balances the repulsion of all nodes
    // about where the box ends (weaker along the longer side): the graph fills the box, not
    // its walls. The repulsion of n nodes at distance r is about n·k²/r = w·h/r.
    let (gravity_x, gravity_y) = (GRAVITY * 4.0 * h / w, GRAVITY * 4.0 * w / h);
    let mut disp = vec![(0.0f64, 0.0f64); nodes];
    for round in 0..params.iterations {
        disp.fill((0.0, 0.0));
        for i in 0..nodes {
            for j in i + 1..nodes {
                let (mut dx, mut dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let mut dist = (dx * dx + dy * dy).sqrt();
                if dist < k * 1e-3 {
                    // Coincident: push apart in a seeded direction instead of dividing by zero.
                    (dx, dy) = rng.direction();
                    dist = k * 1e-3;
                    (dx, dy) = (dx * dist, dy * dist);
                }
                let f = k * k / (dist * dist);
                disp[i].0 += dx * f;
                disp[i].1 += dy * f;
                disp[j].0 -= dx * f;
                disp[j].1 -= dy * f;
            }
        }
        for &(a, b, strength) in &springs {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            // Attraction d²/k along the edge: (dx, dy) · d / k.
            let f = (dx * dx + dy * dy).sqrt() / k * strength;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        let temperature =
            start_temperature * (1.0 - f64::from(round) / f64::from(params.iterations));
        for (p, d) in pos.iter_mut().zip(&disp) {
            let (gx, gy) = ((cx - p.0) * gravity_x, (cy - p.1) * gravity_y);
            let (dx, dy) = (d.0 + gx, d.1 + gy);
            let len = (dx * dx + dy * dy).sqrt();
            if len > 0.0 && len.is_finite() {
                let step = len.min(temperature) / len;
                // Free to leave the box (the fit brings everything back); bounded only so a
                // pathological input cannot run away.
                p.0 = (p.0 + dx * step).clamp(-w, 2.0 * w);
                p.1 = (p.1 + dy * step).clamp(-h, 2.0 * h);
            }
        }
    }
    frame.fit(&pos, if native { 1.0 } else { f64::INFINITY })
}

/// Enlarges `xy` (a layout in the frame of `p`) that came out smaller than the frame so it fills
/// the frame's inner area, keeping proportions and centred, but never by more than 3 times (a
/// graph of three people would otherwise sprawl) and never shrinking it; every position stays
/// inside the margins. Fewer than two positions are returned as they are.
///
/// This is the one place a layout is enlarged: [`force_layout`] only ever scales down.
pub fn fill_frame(xy: Vec<(f32, f32)>, p: &LayoutParams) -> Vec<(f32, f32)> {
    if xy.len() < 2 {
        return xy;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in &xy {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let (w, h) = (p.width - 2.0 * p.margin, p.height - 2.0 * p.margin);
    let scale = [w / (x1 - x0).max(1.0), h / (y1 - y0).max(1.0), 3.0]
        .into_iter()
        .fold(f32::MAX, f32::min)
        .max(1.0);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    xy.into_iter()
        .map(|(x, y)| {
            let x = p.width / 2.0 + (x - cx) * scale;
            let y = p.height / 2.0 + (y - cy) * scale;
            (
                x.clamp(p.margin, p.width - p.margin),
                y.clamp(p.margin, p.height - p.margin),
            )
        })
        .collect()
}

/// Moves the circles of `radii` at `xy` apart until no two overlap (centres at least the sum of
/// their radii and `gap` apart), as far as the frame of `p` has room. Each round pushes every
/// overlapping pair apart along the line between them, half each, and keeps every centre
/// inside the margins; it stops at the first round that moves nothing, after 400 rounds at
/// most (a frame too small for its circles then keeps the least overlap it reached).
/// Deterministic, and O(n²) per round like [`force_layout`].
pub fn separate(
    mut xy: Vec<(f32, f32)>,
    radii: &[f32],
    gap: f32,
    p: &LayoutParams,
) -> Vec<(f32, f32)> {
    let (x0, x1, y0, y1) = (p.margin, p.width - p.margin, p.margin, p.height - p.margin);
    if !(x1 >= x0 && y1 >= y0) || radii.len() != xy.len() {
        return xy;
    }
    let mut rng = SplitMix64(p.seed ^ 0x5EED);
    for _ in 0..400 {
        let mut moved = false;
        for i in 0..xy.len() {
            for j in i + 1..xy.len() {
                let least = radii[i] + radii[j] + gap;
                let (mut dx, mut dy) = (xy[j].0 - xy[i].0, xy[j].1 - xy[i].1);
                let mut dist = (dx * dx + dy * dy).sqrt();
                if dist >= least {
                    continue;
                }
                if dist < 1e-3 {
                    // Coincident: apart in a seeded direction.
                    let (ux, uy) = rng.direction();
                    (dx, dy, dist) = (ux as f32, uy as f32, 1.0);
                }
                let push = (least - dist) / 2.0 / dist;
                xy[i] = (xy[i].0 - dx * push, xy[i].1 - dy * push);
                xy[j] = (xy[j].0 + dx * push, xy[j].1 + dy * push);
                moved = true;
            }
        }
        for c in &mut xy {
            *c = (c.0.clamp(x0, x1), c.1.clamp(y0, y1));
        }
        if !moved {
            break;
        }
    }
    xy
}

/// How strongly the centre pulls, relative to the strength that balances all the repulsion.
const GRAVITY: f64 = 1.0;

/// An edge's pull: the square root of its weight (capped), so one prolific pair does not
/// collapse onto itself.
fn pull(weight: f32) -> f64 {
    if weight.is_finite() && weight > 0.0 {
        f64::from(weight).sqrt().min(4.0)
    } else {
        1.0
    }
}

/// The drawable area: the frame less its margins, sanitised.
struct Frame {
    /// Left edge of the inner area.
    x0: f64,
    /// Top edge of the inner area.
    y0: f64,
    /// Width of the inner area (0 when the margins leave none).
    inner_w: f64,
    /// Height of the inner area.
    inner_h: f64,
}

impl Frame {
    fn new(params: &LayoutParams) -> Self {
        let finite = |v: f32| {
            if v.is_finite() {
                f64::from(v.max(0.0))
            } else {
                0.0
            }
        };
        let (width, height, margin) = (
            finite(params.width),
            finite(params.height),
            finite(params.margin),
        );
        // With no room left, the "inner area" is the middle line of that axis.
        let axis = |size: f64| {
            if size >= 2.0 * margin {
                (margin, size - 2.0 * margin)
            } else {
                (size / 2.0, 0.0)
            }
        };
        let ((x0, inner_w), (y0, inner_h)) = (axis(width), axis(height));
        Self {
            x0,
            y0,
            inner_w,
            inner_h,
        }
    }

    /// `pos` centred in the inner area, scaled to fit it but never by more than `max_scale`.
    fn fit(&self, pos: &[(f64, f64)], max_scale: f64) -> Vec<(f32, f32)> {
        let (min_x, max_x, min_y, max_y) = pos.iter().fold(
            (
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
            ),
            |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
        );
        // An axis without room does not limit the scale: the clamp puts it on its middle line.
        let fits = |span: f64, room: f64| {
            if span > 0.0 && room > 0.0 {
                room / span
            } else {
                f64::INFINITY
            }
        };
        let scale = fits(max_x - min_x, self.inner_w)
            .min(fits(max_y - min_y, self.inner_h))
            .min(max_scale);
        let scale = if scale.is_finite() { scale } else { 0.0 };
        let (mid_x, mid_y) = ((min_x + max_x) / 2.0, (min_y + max_y) / 2.0);
        let (cx, cy) = (self.x0 + self.inner_w / 2.0, self.y0 + self.inner_h / 2.0);
        pos.iter()
            .map(|&(x, y)| {
                let x = cx + (x - mid_x) * scale;
                let y = cy + (y - mid_y) * scale;
                (self.clamp_x(x), self.clamp_y(y))
            })
            .collect()
    }

    fn clamp_x(&self, x: f64) -> f32 {
        clamp32(x, self.x0, self.x0 + self.inner_w)
    }

    fn clamp_y(&self, y: f64) -> f32 {
        clamp32(y, self.y0, self.y0 + self.inner_h)
    }
}

/// `v` clamped to `[lo, hi]` in f32, where rounding to f32 could otherwise step outside.
fn clamp32(v: f64, lo: f64, hi: f64) -> f32 {
    let v = if v.is_finite() { v } else { (lo + hi) / 2.0 };
    (v.clamp(lo, hi) as f32).clamp(lo as f32, hi as f32)
}

/// The splitmix64 generator: tiny, seedable, and good enough for start positions.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A unit vector in a seeded direction (without trigonometry).
    fn direction(&mut self) -> (f64, f64) {
        loop {
            let (x, y) = (self.unit() * 2.0 - 1.0, self.unit() * 2.0 - 1.0);
            let len = (x * x + y * y).sqrt();
            if len > 1e-3 && len <= 1.0 {
                return (x / len, y / len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edges as [`force_layout`] takes them.
    type Edges = Vec<(u32, u32, f32)>;

    fn params(width: f32, height: f32, margin: f32) -> LayoutParams {
        LayoutParams {
            width,
            height,
            margin,
            ..LayoutParams::default()
        }
    }

    /// A ring of `n` nodes.
    fn ring(n: u32) -> Edges {
        (0..n).map(|i| (i, (i + 1) % n, 1.0)).collect()
    }

    fn assert_inside(pos: &[(f32, f32)], p: &LayoutParams, case: &str) {
        for &(x, y) in pos {
            assert!(x.is_finite() && y.is_finite(), "{case}: ({x}, {y})");
            assert!(
                (p.margin..=p.width - p.margin).contains(&x)
                    && (p.margin..=p.height - p.margin).contains(&y),
                "{case}: ({x}, {y}) outside {p:?}"
            );
        }
    }

    #[test]
    fn every_position_is_finite_and_inside_the_margins() {
        let clique: Edges = (0..6)
            .flat_map(|a| (a + 1..6).map(move |b| (a, b, 1.0)))
            .collect();
        let cases: Vec<(&str, usize, Edges, LayoutParams)> = vec![
            ("no nodes", 0, vec![], params(800.0, 600.0, 20.0)),
            ("one node", 1, vec![], params(800.0, 600.0, 20.0)),
            ("two apart", 2, vec![], params(800.0, 600.0, 20.0)),
            (
                "two joined",
                2,
                vec![(0, 1, 1.0)],
                params(800.0, 600.0, 20.0),
            ),
            (
                "heavy edge",
                2,
                vec![(0, 1, 1e30)],
                params(800.0, 600.0, 0.0),
            ),
            (
                "odd weights",
                3,
                vec![(0, 1, f32::NAN), (1, 2, -3.0), (0, 2, f32::INFINITY)],
                params(300.0, 200.0, 10.0),
            ),
            (
                "bad edges",
                3,
                vec![(0, 0, 1.0), (1, 7, 1.0), (u32::MAX, 2, 1.0)],
                params(300.0, 200.0, 10.0),
            ),
            (
                "isolated",
                10,
                vec![(0, 1, 1.0)],
                params(400.0, 300.0, 30.0),
            ),
            ("clique", 6, clique, params(120.0, 90.0, 8.0)),
            ("ring", 40, ring(40), params(640.0, 480.0, 16.0)),
            ("tall", 12, ring(12), params(50.0, 900.0, 5.0)),
            ("no room", 5, ring(5), params(40.0, 40.0, 20.0)),
            ("tiny", 5, ring(5), params(0.5, 0.5, 0.0)),
            (
                "no iterations",
                5,
                ring(5),
                LayoutParams {
                    iterations: 0,
                    ..params(100.0, 100.0, 10.0)
                },
            ),
            (
                "one iteration",
                5,
                ring(5),
                LayoutParams {
                    iterations: 1,
                    ..params(100.0, 100.0, 10.0)
                },
            ),
        ];
        for (case, n, edges, p) in cases {
            let pos = force_layout(n, &edges, &p);
            assert_eq!(pos.len(), n, "{case}");
            assert_inside(&pos, &p, case);
        }
    }

    #[test]
    fn frames_without_room_put_nodes_on_the_middle_line() {
        // (frame, the x every node must have, the y every node must have).
        let cases = [
            (params(40.0, 40.0, 30.0), Some(20.0), Some(20.0)),
            (params(40.0, 400.0, 30.0), Some(20.0), None),
            (params(f32::NAN, 100.0, 10.0), Some(0.0), None),
            (params(100.0, f32::INFINITY, 10.0), None, Some(0.0)),
            (params(-5.0, 0.0, 0.0), Some(0.0), Some(0.0)),
            (params(800.0, 600.0, 20.0), None, None),
        ];
        for (p, x, y) in cases {
            let pos = force_layout(3, &ring(3), &p);
            for &(px, py) in &pos {
                assert!(px.is_finite() && py.is_finite(), "{p:?}: {pos:?}");
                assert!(x.is_none_or(|x| px == x), "{p:?}: {pos:?}");
                assert!(y.is_none_or(|y| py == y), "{p:?}: {pos:?}");
            }
            // An axis with room is used.
            assert_eq!(
                x.is_none(),
                pos[0].0 != pos[1].0 || pos[1].0 != pos[2].0,
                "{p:?}: {pos:?}"
            );
        }
        assert_eq!(
            force_layout(1, &[], &params(800.0, 600.0, 20.0)),
            [(400.0, 300.0)]
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_picture_and_another_seed_another() {
        let edges = ring(30);
        let p = params(500.0, 400.0, 12.0);
        let first = force_layout(30, &edges, &p);
        assert_eq!(force_layout(30, &edges, &p), first);
        let other = force_layout(30, &edges, &LayoutParams { seed: 2, ..p });
        assert_ne!(other, first);
        let two = force_layout(2, &[], &p);
        assert_ne!(two[0], two[1], "two nodes do not stay on one spot");
    }

    #[test]
    fn connected_nodes_end_closer_than_unconnected_ones() {
        // Two 6-cliques joined by one edge, and two loose nodes.
        let mut edges = Vec::new();
        for base in [0, 6] {
            for a in base..base + 6 {
                edges.extend((a + 1..base + 6).map(|b| (a, b, 1.0)));
            }
        }
        edges.push((5, 6, 1.0));
        let n = 14;
        for seed in 1..=5 {
            let pos = force_layout(
                n,
                &edges,
                &LayoutParams {
                    seed,
                    ..LayoutParams::default()
                },
            );
            let dist = |a: u32, b: u32| {
                let (p, q) = (pos[a as usize], pos[b as usize]);
                ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
            };
            let linked = |a: u32, b: u32| {
                edges
                    .iter()
                    .any(|&(x, y, _)| (x, y) == (a, b) || (y, x) == (a, b))
            };
            let (mut near, mut far) = (Vec::new(), Vec::new());
            for a in 0..n as u32 {
                for b in a + 1..n as u32 {
                    if linked(a, b) {
                        near.push(dist(a, b))
                    } else {
                        far.push(dist(a, b))
                    }
                }
            }
            let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
            assert!(
                mean(&near) * 1.5 < mean(&far),
                "seed {seed}: linked {} vs unlinked {}",
                mean(&near),
                mean(&far)
            );
        }
    }

    #[test]
    fn a_small_layout_is_stretched_to_fill_the_frame_and_stays_inside() {
        let p = LayoutParams {
            width: 900.0,
            height: 560.0,
            margin: 40.0,
            iterations: 1,
            seed: 1,
        };
        let small = vec![(400.0, 250.0), (500.0, 300.0), (450.0, 280.0)];
        let big = fill_frame(small.clone(), &p);
        let span = |v: &[(f32, f32)]| {
            let xs = v.iter().map(|p| p.0);
            xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min)
        };
        assert!(
            (span(&big) - 3.0 * span(&small)).abs() < 0.01,
            "capped at 3x"
        );
        for &(x, y) in &big {
            assert!((40.0..=860.0).contains(&x) && (40.0..=520.0).contains(&y));
        }
        assert_eq!(fill_frame(vec![(1.0, 2.0)], &p), vec![(1.0, 2.0)]);
        let wide = vec![(40.0, 100.0), (860.0, 120.0)];
        assert_eq!(
            fill_frame(wide.clone(), &p)[0].0,
            40.0,
            "a full-width layout keeps its width"
        );
    }
}
