// A switch that falls through, adding 8 to the column per case below the
// entry: tx + 24 for ty % 4 == 0, past the row.
// launch: rt3_58_switch_fallthrough_column 2 32x8
__global__ void rt3_58_switch_fallthrough_column(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int c = tx;
    switch (ty % 4) {
    case 0: c += 8; [[fallthrough]];
    case 1: c += 8; [[fallthrough]];
    case 2: c += 8; break;
    default: break;
    }
    out[blockIdx.x * 256 + tid] = tile[ty][c] + 2 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_58_switch_fallthrough_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
