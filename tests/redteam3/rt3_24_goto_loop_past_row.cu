// A loop spelled with goto (generated code, or C ported by hand): j steps
// 8 at a time to 40, so tile[ty][tx + j] leaves the row.
// launch: rt3_24_goto_loop_past_row 2 32x8
__global__ void rt3_24_goto_loop_past_row(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int acc = 0, j = 0;
again:
    acc = acc * 3 + tile[ty][(tx + j) % 64];
    j += 8;
    if (j < 40) goto again;
    out[blockIdx.x * 256 + tid] = acc + tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_24_goto_loop_past_row<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
