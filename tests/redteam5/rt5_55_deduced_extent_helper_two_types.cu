// A device helper template deducing the tile's element type and extents
// (T (&t)[H][W]) reads a column; two kernels call it on a float [32][32]
// tile and a short [32][64] tile. Each tile's rewrite must fit the helper's
// instance for it.
// launch: rt5_55_f32 2 32x8
// launch: rt5_55_s16 2 32x8 0 512
// Kept by rapcc for a true reason: each tile is bound to a reference
// parameter of a template (T (&t)[H][W]), which rapcc does not follow
// (rapcc-escape).
template <typename T, int H, int W>
__device__ int column_mix(T (&t)[H][W], int c, int r0) {
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 3 + (int)t[c][(r0 + 8 * k) % W];
    return acc;
}
__global__ void rt5_55_f32(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = (float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = column_mix(tile, tx, ty);
}
__global__ void rt5_55_s16(const int *in, int *out, int p) {
    __shared__ short tile[32][64];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 32 * 64; i += 256) tile[i / 64][i % 64] = (short)(in[(blockIdx.x * 2048 + i) & 4095] & 255);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = column_mix(tile, tx, ty + 32);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt5_55_f32<<<2, dim3(32, 8)>>>(in, out, 0);
    rt5_55_s16<<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
