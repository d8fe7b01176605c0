// A table of row pointers kept in shared memory itself (__shared__ int *rows[16]),
// filled by the first threads and used by all: rows[ty][tx + 32] is the
// next row's element in the tile the pointers point into.
// launch: rt3_11_shared_row_pointer_table 2 32x8
__global__ void rt3_11_shared_row_pointer_table(const int *in, int *out, int p) {
    __shared__ int tile[17][32];
    __shared__ int *rows[16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    if (tid < 16) rows[tid] = tile[tid];
    tile[ty][tx] = in[blockIdx.x * 544 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 544 + tid + 256] & 4095;
    if (ty == 0) tile[16][tx] = in[blockIdx.x * 544 + 512 + tx] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = rows[ty][tx + 32] + 2 * rows[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_11_shared_row_pointer_table<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
