// The 3-D tile read one row on: t[z][ty][tx + 32] is t[z][ty + 1][tx], and for
// ty == 7 the next plane's first row.
// launch: rt3_13_3d_tile_cross_plane 2 32x8
__global__ void rt3_13_3d_tile_cross_plane(const int *in, int *out, int p) {
    __shared__ int t[4][8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int z = 0; z < 4; ++z) t[z][ty][tx] = in[blockIdx.x * 1024 + z * 256 + tid] & 4095;
    __syncthreads();
    for (int z = 0; z < 3; ++z)
        out[blockIdx.x * 1024 + z * 256 + tid] = t[z][ty][tx + 32] + 2 * t[z][tx % 8][ty * 4 + tx / 8];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_13_3d_tile_cross_plane<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
