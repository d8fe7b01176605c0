// if constexpr on a template flag picks a transposed read (legal) or a read
// that runs two rows on through the row; both instances run.
// launch: rt2_95_if_constexpr_instance<false> 2 32x8
// launch: rt2_95_if_constexpr_instance<true> 2 32x8 0 1024
template <bool Skew>
__global__ void rt2_95_if_constexpr_instance(const int *in, int *out, int p) {
    __shared__ float tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 512 + tid] & 4095);
    tile[ty + 8][tx] = (float)(in[blockIdx.x * 512 + tid + 256] & 4095);
    __syncthreads();
    float v;
    if constexpr (Skew) v = tile[ty][tx + 64];
    else v = tile[tx & 15][ty];
    out[blockIdx.x * 256 + tid] = __float_as_int(v);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_95_if_constexpr_instance<false><<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_95_if_constexpr_instance<true><<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
