// A 3-D tile (four 8x32 planes), each plane read transposed: t[z][tx % 8][ty * 4 + tx / 8]
// puts eight lanes of a warp on one column of eight rows.
// launch: rt3_12_3d_tile_legal 2 32x8
// expect: rewritten
static __global__ void rt3_12_3d_tile_legal(const int *in, int *out, int p) {
    __shared__ int t[4][8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int z = 0; z < 4; ++z) t[z][ty][tx] = in[blockIdx.x * 1024 + z * 256 + tid] & 4095;
    __syncthreads();
    for (int z = 0; z < 4; ++z)
        out[blockIdx.x * 1024 + z * 256 + tid] = t[z][tx % 8][ty * 4 + tx / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_12_3d_tile_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
