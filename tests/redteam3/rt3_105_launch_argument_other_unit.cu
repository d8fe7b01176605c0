// A kernel of external linkage launched here with p = 0; another file
// launches it with the same 32x8 block and p = 16, so tile[ty][tx + p]
// leaves its row there:
//     rt3_105_launch_argument_other_unit<<<2, dim3(32, 8)>>>(in, out, 16);
// launch: rt3_105_launch_argument_other_unit 2 32x8
// launch: rt3_105_launch_argument_other_unit 2 32x8 16 1024
__global__ void rt3_105_launch_argument_other_unit(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_105_launch_argument_other_unit<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
