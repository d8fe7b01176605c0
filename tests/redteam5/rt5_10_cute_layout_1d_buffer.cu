// cute-style: shared memory is one flat buffer, a Layout<Shape<32,32>,
// Stride<32,1>> functor gives every element's offset; the load stores rows,
// the compute reads sA(k, m) with m the lane (a column, 32-way).
// launch: rt5_10_cute_flat 2 32x8
// Kept by rapcc for a true reason: sA(i, j) is a struct's operator(), a call
// rapcc does not interpret, so every subscript is unknown (rapcc-unproved).
template <int S0, int S1> struct Shape { static constexpr int s0 = S0, s1 = S1; };
template <int D0, int D1> struct Stride { static constexpr int d0 = D0, d1 = D1; };
template <class Sh, class St>
struct Layout {
    __device__ constexpr int operator()(int i, int j) const { return i * St::d0 + j * St::d1; }
};
__global__ void rt5_10_cute_flat(const int *in, int *out, int p) {
    __shared__ int smem[32 * 32];
    constexpr Layout<Shape<32, 32>, Stride<32, 1>> sA{};
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) smem[sA(ty + 8 * k, tx)] = in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 1023;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 5 + smem[sA(tx, ty + 8 * k)];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_10_cute_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
