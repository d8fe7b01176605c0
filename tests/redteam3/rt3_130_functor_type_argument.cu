// A kernel template whose functor type (picked by a trait from its int
// argument, CUB-style) maps the column: Identity keeps tx, Skew16 adds 16;
// both instances launched.
// launch: rt3_130_functor_type_argument<0> 2 32x8
// launch: rt3_130_functor_type_argument<1> 2 32x8 0 1024
struct Identity {
    __device__ int operator()(int c) const { return c; }
};
struct Skew16 {
    __device__ int operator()(int c) const { return c + 16; }
};
template <int K>
struct Pick {
    using type = Identity;
};
template <>
struct Pick<1> {
    using type = Skew16;
};
template <int K>
__global__ void rt3_130_functor_type_argument(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    typename Pick<K>::type f;
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][f(tx)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_130_functor_type_argument<0><<<2, dim3(32, 8)>>>(in, out, 0);
    rt3_130_functor_type_argument<1><<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
