// A library header that rules out some of its parameters, as CUB's do with static_assert.
#pragma once

template <int Tile>
struct tile_policy
{
  static_assert(Tile <= 2, "tiles of more than two items are not offered");
  static constexpr int items = Tile;
};
