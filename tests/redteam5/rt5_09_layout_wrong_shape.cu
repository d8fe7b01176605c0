// cute-style Layout<Shape, Stride> computing offsets into a tile seen as
// flat memory: the layout is 8x64 with stride (64, 1), the tile is declared
// [16][32], so each layout row spans two tile rows (a flat walk).
// launch: rt5_09_layout_shape 2 32x8
template <int S0, int S1> struct Shape { static constexpr int s0 = S0, s1 = S1; };
template <int D0, int D1> struct Stride { static constexpr int d0 = D0, d1 = D1; };
template <class Sh, class St>
struct Layout {
    __device__ constexpr int operator()(int i, int j) const { return i * St::d0 + j * St::d1; }
    static constexpr int size() { return Sh::s0 * Sh::s1; }
};
__global__ void rt5_09_layout_shape(const int *in, int *out, int p) {
    __shared__ float smem[16][32];
    constexpr Layout<Shape<8, 64>, Stride<64, 1>> layout{};
    float *base = &smem[0][0];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    base[layout(ty, tx)] = (float)(in[(blockIdx.x * 512 + tid) & 4095] & 255);
    base[layout(ty, tx + 32)] = (float)(in[(blockIdx.x * 512 + 256 + tid) & 4095] & 255);
    __syncthreads();
    const float a = smem[tx % 16][ty * 4 + tx / 16];
    out[blockIdx.x * 256 + tid] = __float_as_int(a + 2.0f * base[layout(tx & 7, ty * 8)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_09_layout_shape<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
