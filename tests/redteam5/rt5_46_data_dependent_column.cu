// A gather whose column comes from the data (in[...] & 63) into a tile whose
// rows are 32 wide: half the reads land in the next row.
// launch: rt5_46_gather 2 32x8
__global__ void rt5_46_gather(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[(blockIdx.x * 512 + tid) & 4095] & 1023;
    tile[ty + 8][tx] = in[(blockIdx.x * 512 + 256 + tid) & 4095] & 1023;
    __syncthreads();
    const int col = in[(tid * 13 + blockIdx.x) & 4095] & 63;
    out[blockIdx.x * 256 + tid] = tile[ty][col] + 3 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_46_gather<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
