// A helper given the tile as float (*t)[32] moves the pointer two rows on
// before reading t[0][c].
// launch: rt2_141_callee_moves_row_pointer 2 32x8
__device__ float two_on(float (*t)[32], int c) {
    t += 2;
    return t[0][c];
}
__global__ void rt2_141_callee_moves_row_pointer(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(two_on(tile, tx) + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_141_callee_moves_row_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
