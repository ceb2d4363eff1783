"""The scenes of bench/manim.sh for Manim Community Edition, each the twin of
an anim script beside it (bench/m1_*.anim, m2_*, m3_*): the same number of
shapes, motion, frames (60 a second) and libx264 settings as anim's MP4
(`-preset medium -crf 4`, yuv420p). Manim draws with Cairo too.
"""

from manim import (BLACK, DOWN, LEFT, RIGHT, UP, WHITE, Circle, FadeOut, Scene,
                   Square, VGroup, config, smooth)

# anim's MP4 settings (Sources/AnimCLI/FFmpegEncoder.swift), where Manim's own
# default is crf 23.
config.video_encoder_options = {"crf": "4", "preset": "medium"}
config.background_color = BLACK


def square_grid(n, side):
    """n × n squares of `side` units, a gap of 2/3 of a side between them, filling the frame."""
    squares = VGroup(*[
        Square(side_length=side, fill_color=WHITE, fill_opacity=0.9, stroke_width=0)
        for _ in range(n * n)
    ])
    return squares.arrange_in_grid(rows=n, cols=n, buff=side * 2 / 3)


class FadingSquares(Scene):
    """M1: 100 squares fade out together over 4 s (240 frames)."""

    def construct(self):
        squares = square_grid(10, 0.48)
        self.add(squares)
        self.play(FadeOut(squares), run_time=4)


class EasingCircles(Scene):
    """M2: 20 circles move across the frame, eased, over 2 s (120 frames)."""

    def construct(self):
        circles = VGroup(*[
            Circle(radius=0.16, fill_color=WHITE, fill_opacity=0.9, stroke_width=0)
            for _ in range(20)
        ]).arrange(DOWN, buff=0.08).to_edge(LEFT)
        self.add(circles)
        self.play(*[c.animate.shift(RIGHT * 6.4) for c in circles], run_time=2, rate_func=smooth)


class ManySquares(Scene):
    """M3: 2 500 squares (50 × 50) fade out together over 4 s (240 frames)."""

    def construct(self):
        squares = square_grid(50, 0.096)
        self.add(squares)
        self.play(FadeOut(squares), run_time=4)
